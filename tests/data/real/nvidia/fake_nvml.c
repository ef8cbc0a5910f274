/* A stand-in for NVIDIA's libnvidia-ml.so.1, built by the tests with gcc: the entry points
 * nvidia-ml-py calls to read the driver, with NVML's C signatures (nvml.h). What it answers
 * comes from the environment: FAKE_NVML_DRIVER ("535.104.05"), FAKE_NVML_CUDA (12020),
 * FAKE_NVML_CAPABILITY ("8.9"), FAKE_NVML_INIT_ERROR (an nvmlReturn_t, e.g. 18:
 * NVML_ERROR_LIB_RM_VERSION_MISMATCH), FAKE_NVML_HANG (nvmlInit never returns). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int nvmlReturn_t;
typedef void *nvmlDevice_t;
static int device_token;

nvmlReturn_t nvmlInitWithFlags(unsigned int flags) {
    (void)flags;
    if (getenv("FAKE_NVML_HANG")) for (;;) pause();
    const char *error = getenv("FAKE_NVML_INIT_ERROR");
    return error ? atoi(error) : 0;
}
nvmlReturn_t nvmlInit_v2(void) { return nvmlInitWithFlags(0); }
nvmlReturn_t nvmlShutdown(void) { return 0; }
const char *nvmlErrorString(nvmlReturn_t result) {
    return result == 18 ? "RM has detected an NVML/RM version mismatch." : "Unknown Error";
}
nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length) {
    const char *value = getenv("FAKE_NVML_DRIVER");
    snprintf(version, length, "%s", value ? value : "535.104.05");
    return 0;
}
nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *version) {
    const char *value = getenv("FAKE_NVML_CUDA");
    *version = value ? atoi(value) : 12020;
    return 0;
}
nvmlReturn_t nvmlSystemGetCudaDriverVersion_v2(int *version) {
    return nvmlSystemGetCudaDriverVersion(version);
}
nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) { *count = 1; return 0; }
nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device) {
    (void)index;
    *device = &device_token;
    return 0;
}
nvmlReturn_t nvmlDeviceGetCudaComputeCapability(nvmlDevice_t device, int *major, int *minor) {
    (void)device;
    const char *value = getenv("FAKE_NVML_CAPABILITY");
    if (!value) value = "8.9";
    if (sscanf(value, "%d.%d", major, minor) != 2) return 1;
    return 0;
}
