/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Whether this image runs on floating-point hardware, from the compiler's own definitions:
 * the FPU benchmarks are `unsupported` with RTB_NO_FPU (the reason) where it does not. */
#ifndef RTB_FPU_H
#define RTB_FPU_H

#if defined(__arm__) && defined(__SOFTFP__)
#define RTB_NO_FPU "this image uses the soft-float ABI: the core has no FPU state to switch"
#elif defined(__riscv) && !defined(__riscv_flen)
#define RTB_NO_FPU "this image is built for a RISC-V core without the F extension: no FPU state to switch"
#endif

#endif
