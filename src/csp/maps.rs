//! The course's two maps as CSPs (notebook 10's `Map`, whose handout the
//! library does not depend on): Australia (Russell & Norvig, Figure 6.1) and
//! the contiguous United States (aima-python's `usa_csp`).

use super::problem::Problem;

/// Australia's seven regions in the book's order with three colours;
/// Tasmania borders nobody.
pub fn australia() -> Problem {
    Problem::map(
        &["WA", "NT", "SA", "Q", "NSW", "V", "T"],
        3,
        "SA: WA NT Q NSW V; NT: WA Q; NSW: Q V; T:",
    )
}

/// The 48 contiguous states and DC by postal code, alphabetical, with four
/// colours; the borders are notebook 10's (aima-python's, Kansas as KS).
pub fn usa() -> Problem {
    Problem::map(
        &[
            "AL", "AR", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "IA", "ID", "IL", "IN",
            "KS", "KY", "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE",
            "NH", "NJ", "NM", "NV", "NY", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX",
            "UT", "VA", "VT", "WA", "WI", "WV", "WY",
        ],
        4,
        "WA: OR ID; OR: ID NV CA; CA: NV AZ; NV: ID UT AZ; ID: MT WY UT;
         UT: WY CO AZ; MT: ND SD WY; WY: SD NE CO; CO: NE KS OK NM; NM: OK TX AZ;
         ND: MN SD; SD: MN IA NE; NE: IA MO KS; KS: MO OK; OK: MO AR TX;
         TX: AR LA; MN: WI IA; IA: WI IL MO; MO: IL KY TN AR; AR: MS TN LA;
         LA: MS; WI: MI IL; IL: IN KY; IN: OH KY; MS: TN AL; AL: TN GA FL;
         MI: OH IN; OH: PA WV KY; KY: WV VA TN; TN: VA NC GA; GA: NC SC FL;
         PA: NY NJ DE MD WV; WV: MD VA; VA: MD DC NC; NC: SC; NY: VT MA CT NJ;
         NJ: DE; DE: MD; MD: DC; VT: NH MA; MA: NH RI CT; CT: RI; ME: NH",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn south_australia_borders_five_regions_and_tasmania_none() {
        let australia = australia();
        assert_eq!(australia.neighbours[2], [0, 1, 3, 4, 5]);
        assert!(australia.neighbours[6].is_empty());
        let usa = usa();
        assert_eq!(usa.len(), 49);
        let borders: usize = usa.neighbours.iter().map(Vec::len).sum();
        assert_eq!(borders % 2, 0);
    }
}
