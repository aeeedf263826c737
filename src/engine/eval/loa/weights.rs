//! Placeholder, replaced by `breakline tune` output.
use super::{EXPERT_HAND, EXPERT_LEN};

pub const EXPERT: [i32; EXPERT_LEN] = EXPERT_HAND;
