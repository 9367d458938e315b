/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Whether this image runs on floating-point hardware, from the compiler's own definitions:
 * the FPU benchmarks are `unsupported` with RTB_NO_FPU (the reason) where it does not. */
#ifndef RTB_FPU_H
#define RTB_FPU_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__arm__) && defined(__SOFTFP__)
#define RTB_NO_FPU "this image uses the soft-float ABI: the core has no FPU state to switch"
#elif defined(__riscv) && !defined(__riscv_flen)
#define RTB_NO_FPU "this image is built for a RISC-V core without the F extension: no FPU state to switch"
#endif

/* NULL when a task may use the FPU without telling the kernel, its switches then saving FPU state
 * for it; otherwise why not (a kernel whose tasks must declare FPU use, which rtb/os.h does not
 * offer). The core's weak definition answers NULL; a port whose kernel needs the declaration
 * defines its own. */
const char *rtb_os_fpu_unsupported(void);

#ifdef __cplusplus
}
#endif

#endif
