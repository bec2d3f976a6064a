//! Who moves where and who helps whom, as linked lists over force indices,
//! built once per phase so that no decision scans every force.

use super::plan::Plan;
use crate::state::Force;
use crate::variant::Variant;

pub const NONE: u16 = u16::MAX;

pub struct Links {
    /// First force moving into each province; `next_into` chains the rest.
    pub first_into: Vec<u16>,
    pub next_into: Vec<u16>,
    /// First force supporting or convoying each force; `next_helper` chains
    /// the rest.
    pub first_helper: Vec<u16>,
    pub next_helper: Vec<u16>,
}

impl Links {
    pub fn new(v: &Variant, forces: &[Force], plans: &[Plan]) -> Links {
        let n = forces.len();
        let mut links = Links { first_into: vec![NONE; v.province_count()], next_into: vec![NONE; n], first_helper: vec![NONE; n], next_helper: vec![NONE; n] };
        // Built back to front, so that every list runs in force order.
        for f in (0..n).rev() {
            match plans[f] {
                Plan::Move { dest, .. } => {
                    links.next_into[f] = links.first_into[dest as usize];
                    links.first_into[dest as usize] = f as u16;
                }
                Plan::SupportHold { target } | Plan::SupportMove { target, .. } | Plan::Convoy { army: target, .. } => {
                    links.next_helper[f] = links.first_helper[target as usize];
                    links.first_helper[target as usize] = f as u16;
                }
                Plan::Hold => {}
            }
        }
        links
    }
}
