/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* NuttX's default profile: its kernel settings are profiles/default.defconfig (NuttX's Kconfig). */
#define RTB_PROFILE_NAME "default"
