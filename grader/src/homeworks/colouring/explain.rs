//! What a difference from the reference means, in words: the colouring a
//! blank was asked about, what the reference answered and what the student's
//! code did, or the first step where the two searches part.

use queens::notebook::csp;

use super::questions::{Answer, Call, MapName, Question, Searched};
use crate::explanation::{Difference, Explanation, counted};

/// Australia's regions by index, as `Map::australia()` lists them.
const AUSTRALIA: [&str; 7] = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];
/// The colours by index (Australia has the first three).
const COLOURS: [&str; 4] = ["red", "green", "blue", "yellow"];

/// A region's name where the grader knows it (Australia), else its index.
fn region(map: MapName, region: usize) -> String {
    match (map, AUSTRALIA.get(region)) {
        (MapName::Australia, Some(name)) => (*name).to_owned(),
        _ => format!("region {region}"),
    }
}

fn colour(colour: usize) -> String {
    COLOURS
        .get(colour)
        .map_or_else(|| format!("colour {colour}"), |name| (*name).to_owned())
}

/// How many coloured regions a message lists: all of Australia's; of the
/// United States' 49 the first few, since a message is read, not searched.
const LISTED: usize = 7;

/// A colouring in words: only the coloured regions, or "no region coloured";
/// past [`LISTED`] regions, the first ones and how many more.
fn colouring(map: MapName, assignment: &[Option<usize>]) -> String {
    let coloured: Vec<String> = assignment
        .iter()
        .enumerate()
        .filter_map(|(r, c)| c.map(|c| format!("{} {}", region(map, r), colour(c))))
        .collect();
    let listed = match coloured.len() {
        n if n > LISTED => format!(
            "{}, … and {} more",
            coloured[..LISTED].join(", "),
            n - LISTED
        ),
        _ => coloured.join(", "),
    };
    match coloured.len() {
        0 => "no region coloured".to_owned(),
        n if n == assignment.len() => format!("every region coloured ({listed})"),
        _ => format!("{listed} coloured, the others not"),
    }
}

fn picked(map: MapName, pick: Option<usize>) -> String {
    pick.map_or_else(|| "None".to_owned(), |r| region(map, r))
}

fn call(call: &Call) -> String {
    match *call {
        Call::Assign {
            region,
            colour: Some(c),
        } => format!("colour region {region} {}", colour(c)),
        Call::Assign {
            region,
            colour: None,
        } => format!("take back region {region}'s colour"),
        Call::Deeper { colour: Some(c) } => format!("go deeper with it {}", colour(c)),
        Call::Deeper { colour: None } => "go deeper with it uncoloured".to_owned(),
    }
}

fn outcome(map: MapName, searched: &Searched) -> String {
    let found = match &searched.first {
        Some(first) => format!("first finds {}", colouring(map, first)),
        None => "finds no colouring".to_owned(),
    };
    let stop = if searched.over_budget {
        ", and ran past its budget"
    } else {
        ""
    };
    format!(
        "{found}; {} in {}{stop}",
        counted(searched.solutions, "colouring"),
        counted(searched.nodes, "node")
    )
}

/// The colours `consistent` allows, in a sentence's words: `of which red and
/// blue are consistent`, `of which only green is`, `none of them consistent`.
fn allowed_in_words(allowed: &[usize]) -> String {
    let names: Vec<String> = allowed.iter().map(|&c| colour(c)).collect();
    match names.as_slice() {
        [] => "none of them consistent".to_owned(),
        [one] => format!("of which only {one} is consistent"),
        [first @ .., last] => format!("of which {} and {last} are consistent", first.join(", ")),
    }
}

/// The difference in words, for every question of this homework.
pub fn explain(difference: &Difference) -> Option<Explanation> {
    let (question, reference, yours) = difference.typed::<Question, Answer>()?;
    let text = match (&question, &reference, &yours) {
        (Question::NextRegion { map, assignment }, Answer::Region(r), Answer::Region(y)) => {
            format!(
                "next_region with {}: the next region is {}, yours picked {}.",
                colouring(*map, assignment),
                picked(*map, *r),
                picked(*map, *y)
            )
        }
        (
            Question::Consistent {
                map,
                assignment,
                region: at,
                colour: c,
            },
            Answer::Consistent(r),
            _,
        ) => {
            let verdict = if *r {
                "no neighbour has it, so it is consistent; yours refused it"
            } else {
                "a neighbour has it, so it is not consistent; yours allowed it"
            };
            format!(
                "consistent({}, {}) with {}: {verdict}.",
                region(*map, *at),
                colour(*c),
                colouring(*map, assignment)
            )
        }
        (
            Question::TryColours {
                region: at,
                colours,
                allowed,
                stop_at,
            },
            Answer::Tried {
                over: r_over,
                calls: r_calls,
                ..
            },
            Answer::Tried {
                over: y_over,
                calls: y_calls,
                ..
            },
        ) => {
            let setting = format!(
                "try_colours({at}) with {}, {}{}",
                counted(colours, "colour"),
                allowed_in_words(allowed),
                stop_at.map_or_else(String::new, |k| format!(
                    ", deeper call {k} ending the search"
                ))
            );
            match r_calls.iter().zip(y_calls).position(|(r, y)| r != y) {
                Some(k) => format!(
                    "{setting}: call {} should {}; yours did: {}.",
                    k + 1,
                    call(&r_calls[k]),
                    call(&y_calls[k])
                ),
                None if r_calls.len() > y_calls.len() => format!(
                    "{setting}: after your {} the reference goes on with {}.",
                    counted(y_calls.len(), "call"),
                    call(&r_calls[y_calls.len()])
                ),
                None if y_calls.len() > r_calls.len() => format!(
                    "{setting}: after the reference's {} yours goes on with {}.",
                    counted(r_calls.len(), "call"),
                    call(&y_calls[r_calls.len()])
                ),
                None => format!("{setting}: it should return {r_over}, yours returned {y_over}."),
            }
        }
        (
            Question::Search {
                map,
                colours,
                every_solution,
                ..
            },
            Answer::Searched(r),
            Answer::Searched(y),
        ) => {
            let names: &[&str] = match map {
                MapName::Australia => &AUSTRALIA,
                MapName::Usa => &[],
            };
            let steps = match csp::first_difference(&y.steps, &r.steps, names, &COLOURS) {
                Some(said) => format!(" {said}"),
                None if !every_solution && y.solutions > r.solutions => " Your search went on \
                    after its first colouring: look at blank 3, which should return true as soon \
                    as a deeper level does."
                    .to_owned(),
                None => String::new(),
            };
            format!(
                "The search of {} with {colours} colours: the reference {}; yours {}.{steps}",
                match map {
                    MapName::Australia => "Australia",
                    MapName::Usa => "the United States",
                },
                outcome(*map, r),
                outcome(*map, y)
            )
        }
        _ => return None,
    };
    Some(Explanation::text(text))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::homeworks::colouring::questions::Call;

    fn said(question: &Question, reference: &Answer, yours: &Answer) -> String {
        let (question, reference, yours) = (json!(question), json!(reference), json!(yours));
        let difference = Difference {
            test: "t",
            rule: "r",
            index: 0,
            question: &question,
            reference: &reference,
            yours: &yours,
        };
        explain(&difference).expect("explained").to_text()
    }

    /// The United States coloured is 49 regions: the message lists the first
    /// seven and counts the rest, where it printed one line of about 1,000
    /// characters; Australia's 7 are all listed.
    #[test]
    fn a_long_colouring_is_listed_in_part() {
        let usa = colouring(MapName::Usa, &[Some(1); 49]);
        assert!(
            usa.starts_with("every region coloured (region 0 green, region 1 green,"),
            "{usa}"
        );
        assert!(usa.ends_with("region 6 green, … and 42 more)"), "{usa}");
        assert!(usa.chars().count() < 200, "{usa}");
        let half: Vec<Option<usize>> = (0..49).map(|r| (r % 2 == 0).then_some(0)).collect();
        assert!(colouring(MapName::Usa, &half).ends_with("… and 18 more coloured, the others not"));
        let australia = colouring(MapName::Australia, &[Some(0); 7]);
        assert!(
            australia.ends_with("T red)") && !australia.contains('…'),
            "{australia}"
        );
    }

    #[test]
    fn counts_of_one_are_singular_and_the_consistent_colours_are_named() {
        let searched = |solutions, nodes| {
            Answer::Searched(Searched {
                nodes,
                solutions,
                first: None,
                over_budget: false,
                steps: Vec::new(),
            })
        };
        let search = Question::Search {
            map: MapName::Australia,
            colours: 3,
            every_solution: true,
            budget: 10,
            record: false,
        };
        let text = said(&search, &searched(1, 1), &searched(2, 7));
        assert!(text.contains("1 colouring in 1 node;"), "{text}");
        assert!(text.contains("2 colourings in 7 nodes"), "{text}");
        let tried = |allowed: Vec<usize>| Question::TryColours {
            region: 2,
            colours: 3,
            allowed,
            stop_at: None,
        };
        let calls = |calls: Vec<Call>| Answer::Tried {
            over: false,
            deeper: 0,
            calls,
        };
        let assign = Call::Assign {
            region: 2,
            colour: Some(1),
        };
        let text = said(&tried(vec![1]), &calls(vec![assign]), &calls(vec![]));
        assert!(text.contains("of which only green is consistent"), "{text}");
        assert!(text.contains("after your 0 calls"), "{text}");
        assert!(!text.contains('['), "{text}");
        let text = said(&tried(vec![0, 2]), &calls(vec![]), &calls(vec![assign]));
        assert!(
            text.contains("of which red and blue are consistent"),
            "{text}"
        );
        assert!(text.contains("after the reference's 0 calls"), "{text}");
        let text = said(&tried(vec![]), &calls(vec![]), &calls(vec![assign]));
        assert!(
            text.contains("with 3 colours, none of them consistent"),
            "{text}"
        );
        let text = said(&tried(vec![0, 1, 2]), &calls(vec![assign]), &calls(vec![]));
        assert!(text.contains("of which red, green and blue are"), "{text}");
    }
}
