/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Nothing differs per ARMv7-M core in the port's headers (the FPU is config.h's USE_FPU). */
