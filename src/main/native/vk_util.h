/*
 * The Vulkan plumbing effect_pass.c stands on: a one-line failure exit, whole-file reads, a device on one graphics
 * queue, memory, host-visible buffers, device images and one-shot command buffers. Nothing here knows what is drawn.
 */
#ifndef EFFECT_PASS_VK_UTIL_H
#define EFFECT_PASS_VK_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#define VK(call) do { VkResult vr = (call); if (vr != VK_SUCCESS) die(#call, "VkResult %d", vr); } while (0)

struct Gpu {
    VkInstance instance;
    VkPhysicalDevice physical;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
    VkCommandPool commands;
};

/* Prints "effect_pass: WHAT failed: DETAIL" on stderr and exits 1: the caller reads that one line. */
void die(const char *what, const char *detail_format, ...) __attribute__((format(printf, 2, 3), noreturn));

/* A whole file of at most `maximum` bytes in memory, its size in *size; zero-filled up to `minimum`, and the
 * allocation a multiple of 16 bytes. */
void *read_file(const char *path, size_t *size, size_t minimum, size_t maximum);

/* A SPIR-V module's words (checked for the magic number and a whole number of words), its byte count in *bytes. */
uint32_t *read_spirv(const char *path, const char *role, size_t *bytes);

/* An instance, device, graphics queue and command pool on lavapipe, unless VK_DRIVER_FILES or VK_ICD_FILENAMES
 * already names a driver. */
void gpu_start(struct Gpu *gpu);

VkDeviceMemory bind_memory(struct Gpu *gpu, VkMemoryRequirements req, VkMemoryPropertyFlags flags);

/* A host-visible, coherent buffer of `size` bytes, its mapping in *mapped, its memory in *memory unless NULL. */
VkBuffer host_buffer(struct Gpu *gpu, VkBufferUsageFlags usage, VkDeviceSize size, void **mapped,
                     VkDeviceMemory *memory);

/* A 2D RGBA32F image with one mip level in device memory, and its view in *view. */
VkImage float_image(struct Gpu *gpu, uint32_t width, uint32_t height, VkImageUsageFlags usage, VkImageView *view);

/* The same, or with `cube` a cube-compatible image of six such layers (+X, -X, +Y, -Y, +Z, -Z) and a cube view. */
VkImage float_images(struct Gpu *gpu, uint32_t width, uint32_t height, int cube, VkImageUsageFlags usage,
                     VkImageView *view);

VkShaderModule shader_module(struct Gpu *gpu, const uint32_t *words, size_t bytes);

/* A primary command buffer, begun for one submission. */
VkCommandBuffer begin_commands(struct Gpu *gpu);

/* Ends, submits and waits for `cmd`. */
void submit_and_wait(struct Gpu *gpu, VkCommandBuffer cmd);

/* Moves a whole colour image (every layer) from one layout to another, between the given stages and accesses. */
void image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
                   VkPipelineStageFlags src_stage, VkAccessFlags src_access, VkPipelineStageFlags dst_stage,
                   VkAccessFlags dst_access);

#endif
