//! Every data output survives a JSON round trip and has the documented shape.

use crate::common;

use queens::report::branching::AvailabilityRecorder;
use queens::report::trace::Event;
use queens::run::{count, observe, solve, trace};
use queens::stores::sets::ConstraintSets;
use queens::{SearchStats, Strategy};

fn round_trip<T>(value: &T) -> T
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
}

#[test]
fn statistics_round_trip_with_the_documented_fields() {
    for strategy in common::runnable_strategies() {
        let stats = count(5, strategy).unwrap();
        assert_eq!(round_trip(&stats), stats);
        let json = serde_json::to_value(&stats).unwrap();
        for field in [
            "n",
            "strategy",
            "solutions",
            "nodes",
            "profile",
            "candidates",
            "elapsed_ms",
        ] {
            assert!(json.get(field).is_some(), "{strategy}: no {field}");
        }
        for reason in ["column", "diagonal", "anti_diagonal"] {
            assert!(json["pruned"].get(reason).is_some());
        }
        assert_eq!(json["strategy"], strategy.name());
    }
    let _: SearchStats = round_trip(&count(0, Strategy::Sets).unwrap());
}

#[test]
fn trace_events_are_tagged_and_round_trip() {
    let events = trace(4, Strategy::ForwardChecking).unwrap();
    assert_eq!(round_trip(&events), events);
    let json = serde_json::to_value(&events).unwrap();
    assert_eq!(
        json[0],
        serde_json::json!({"event": "place", "row": 0, "col": 0})
    );
    assert!(events.iter().any(|e| matches!(e, Event::DeadEnd { .. })));
    let sets = trace(4, Strategy::Sets).unwrap();
    let prune = sets
        .iter()
        .find(|e| matches!(e, Event::Prune { .. }))
        .unwrap();
    assert_eq!(
        serde_json::to_value(prune).unwrap(),
        serde_json::json!({"event": "prune", "row": 1, "col": 0, "by": ["column"]})
    );
}

#[test]
fn a_trace_replays_to_the_solutions_and_balances_place_and_backtrack() {
    for n in 1..=6 {
        let events = trace(n, Strategy::Sets).unwrap();
        let mut queens: Vec<usize> = Vec::new();
        let mut found = Vec::new();
        for event in &events {
            match event {
                Event::Place { row, col } => {
                    assert_eq!(*row, queens.len());
                    queens.push(*col);
                }
                Event::Backtrack { row, col } => {
                    assert_eq!(queens.pop(), Some(*col));
                    assert_eq!(*row, queens.len());
                }
                Event::Solution { queens: q } => {
                    assert_eq!(q, &queens);
                    found.push(queens.clone());
                }
                Event::Prune { row, .. } => assert_eq!(*row, queens.len()),
                Event::DeadEnd { .. } => unreachable!("the sets do not look ahead"),
            }
        }
        assert!(queens.is_empty());
        let boards: Vec<_> = found
            .iter()
            .map(|q| queens::board::placement::board_rows(n, q))
            .collect();
        assert_eq!(boards, solve(n).unwrap());
    }
}

#[test]
fn boards_sets_and_availability_serialize() {
    assert_eq!(round_trip(&solve(6).unwrap()), solve(6).unwrap());
    let sets = ConstraintSets::from_placement(&[1, 3]);
    assert_eq!(round_trip(&sets), sets);
    let mut recorder = AvailabilityRecorder::new(4);
    let _ = observe(4, Strategy::Sets, &mut recorder).unwrap();
    assert_eq!(recorder.nodes.len(), 17);
    assert_eq!(recorder.nodes[0].available, [4, 4, 4, 4]);
    assert_eq!(round_trip(&recorder.nodes), recorder.nodes);
}
