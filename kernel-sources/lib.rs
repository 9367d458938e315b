// Intentionally empty: this crate only pins kernel sources for rtbench.
