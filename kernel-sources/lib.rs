// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2026 rtbench developers
// Intentionally empty: this crate only pins kernel sources for rtbench.
