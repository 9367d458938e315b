/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* NuttX's tick1k profile: its kernel settings are profiles/tick1k.defconfig (NuttX's Kconfig). */
#define RTB_PROFILE_NAME "tick1k"
