/* The Vulkan plumbing under effect_pass.c; see vk_util.h. */
#include "vk_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define LAVAPIPE_ICD "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"

void die(const char *what, const char *detail_format, ...) {
    va_list args;
    va_start(args, detail_format);
    fprintf(stderr, "effect_pass: %s failed: ", what);
    vfprintf(stderr, detail_format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

void *read_file(const char *path, size_t *size, size_t minimum, size_t maximum) {
    FILE *f = fopen(path, "rb");
    if (!f) die("opening", "%s", path);
    if (fseek(f, 0, SEEK_END) != 0) die("reading", "%s", path);
    long length = ftell(f);
    if (length < 0) die("reading", "%s", path);
    if ((size_t) length > maximum) die("reading", "%s has %ld bytes, more than %zu", path, length, maximum);
    rewind(f);
    size_t allocated = (size_t) length > minimum ? (size_t) length : minimum;
    allocated = (allocated + 15) & ~(size_t) 15;
    unsigned char *bytes = calloc(1, allocated ? allocated : 16);
    if (!bytes || fread(bytes, 1, (size_t) length, f) != (size_t) length) die("reading", "%s", path);
    fclose(f);
    *size = (size_t) length;
    return bytes;
}

uint32_t *read_spirv(const char *path, const char *role, size_t *bytes) {
    uint32_t *words = read_file(path, bytes, 0, 64u << 20);
    if (*bytes < 20 || *bytes % 4 || words[0] != 0x07230203u) die(role, "%s is not SPIR-V", path);
    return words;
}

void gpu_start(struct Gpu *gpu) {
    if (!getenv("VK_DRIVER_FILES") && !getenv("VK_ICD_FILENAMES")) {
        if (access(LAVAPIPE_ICD, R_OK) != 0) die("finding lavapipe", "no %s (Debian: mesa-vulkan-drivers)",
                                                 LAVAPIPE_ICD);
        setenv("VK_DRIVER_FILES", LAVAPIPE_ICD, 1);
        setenv("VK_ICD_FILENAMES", LAVAPIPE_ICD, 1); /* loaders older than 1.3.234 read only this one */
    }
    VkApplicationInfo about = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "effect_pass",
                               .apiVersion = VK_API_VERSION_1_1};
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &about};
    VK(vkCreateInstance(&info, NULL, &gpu->instance));
    uint32_t count = 1;
    VkResult found = vkEnumeratePhysicalDevices(gpu->instance, &count, &gpu->physical);
    if ((found != VK_SUCCESS && found != VK_INCOMPLETE) || !count) die("finding a Vulkan device", "%d", found);
    uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(gpu->physical, &families, NULL);
    VkQueueFamilyProperties props[16];
    if (families > 16) families = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(gpu->physical, &families, props);
    gpu->queue_family = families;
    for (uint32_t i = 0; i < families && gpu->queue_family == families; i++)
        if (props[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) gpu->queue_family = i;
    if (gpu->queue_family == families) die("finding a graphics queue", "none on the device");
    float priority = 1;
    VkDeviceQueueCreateInfo queue = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                     .queueFamilyIndex = gpu->queue_family, .queueCount = 1,
                                     .pQueuePriorities = &priority};
    VkDeviceCreateInfo device = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
                                 .pQueueCreateInfos = &queue};
    VK(vkCreateDevice(gpu->physical, &device, NULL, &gpu->device));
    vkGetDeviceQueue(gpu->device, gpu->queue_family, 0, &gpu->queue);
    VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .queueFamilyIndex = gpu->queue_family};
    VK(vkCreateCommandPool(gpu->device, &pool, NULL, &gpu->commands));
}

VkDeviceMemory bind_memory(struct Gpu *gpu, VkMemoryRequirements req, VkMemoryPropertyFlags flags) {
    VkPhysicalDeviceMemoryProperties props;
    vkGetPhysicalDeviceMemoryProperties(gpu->physical, &props);
    for (uint32_t i = 0; i < props.memoryTypeCount; i++) {
        if (!(req.memoryTypeBits & (1u << i)) || (props.memoryTypes[i].propertyFlags & flags) != flags) continue;
        VkMemoryAllocateInfo info = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
                                     .memoryTypeIndex = i};
        VkDeviceMemory memory;
        VK(vkAllocateMemory(gpu->device, &info, NULL, &memory));
        return memory;
    }
    die("finding a memory type", "flags 0x%x", flags);
}

VkBuffer host_buffer(struct Gpu *gpu, VkBufferUsageFlags usage, VkDeviceSize size, void **mapped,
                     VkDeviceMemory *memory_out) {
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage};
    VkBuffer buffer;
    VK(vkCreateBuffer(gpu->device, &info, NULL, &buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(gpu->device, buffer, &req);
    VkDeviceMemory memory = bind_memory(gpu, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                  VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    VK(vkBindBufferMemory(gpu->device, buffer, memory, 0));
    VK(vkMapMemory(gpu->device, memory, 0, size, 0, mapped));
    if (memory_out) *memory_out = memory;
    return buffer;
}

VkImage float_image(struct Gpu *gpu, uint32_t width, uint32_t height, VkImageUsageFlags usage, VkImageView *view) {
    return float_images(gpu, width, height, 0, usage, view);
}

VkImage float_images(struct Gpu *gpu, uint32_t width, uint32_t height, int cube, VkImageUsageFlags usage,
                     VkImageView *view) {
    VkImageCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
        .flags = cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0,
        .format = VK_FORMAT_R32G32B32A32_SFLOAT, .extent = {width, height, 1}, .mipLevels = 1,
        .arrayLayers = cube ? 6 : 1, .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage};
    VkImage image;
    VK(vkCreateImage(gpu->device, &info, NULL, &image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(gpu->device, image, &req);
    VK(vkBindImageMemory(gpu->device, image, bind_memory(gpu, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT), 0));
    VkImageViewCreateInfo view_info = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = image,
                                       .viewType = cube ? VK_IMAGE_VIEW_TYPE_CUBE : VK_IMAGE_VIEW_TYPE_2D,
                                       .format = info.format,
                                       .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, info.arrayLayers}};
    VK(vkCreateImageView(gpu->device, &view_info, NULL, view));
    return image;
}

VkShaderModule shader_module(struct Gpu *gpu, const uint32_t *words, size_t bytes) {
    VkShaderModuleCreateInfo info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = bytes,
                                     .pCode = words};
    VkShaderModule module;
    VK(vkCreateShaderModule(gpu->device, &info, NULL, &module));
    return module;
}

VkCommandBuffer begin_commands(struct Gpu *gpu) {
    VkCommandBufferAllocateInfo info = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = gpu->commands, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                        .commandBufferCount = 1};
    VkCommandBuffer cmd;
    VK(vkAllocateCommandBuffers(gpu->device, &info, &cmd));
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    VK(vkBeginCommandBuffer(cmd, &begin));
    return cmd;
}

void submit_and_wait(struct Gpu *gpu, VkCommandBuffer cmd) {
    VK(vkEndCommandBuffer(cmd));
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    VK(vkQueueSubmit(gpu->queue, 1, &submit, VK_NULL_HANDLE));
    VK(vkQueueWaitIdle(gpu->queue));
}

void image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
                   VkPipelineStageFlags src_stage, VkAccessFlags src_access, VkPipelineStageFlags dst_stage,
                   VkAccessFlags dst_access) {
    VkImageMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER, .srcAccessMask = src_access,
                                    .dstAccessMask = dst_access, .oldLayout = from, .newLayout = to,
                                    .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                    .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = image,
                                    .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0,
                                                         VK_REMAINING_ARRAY_LAYERS}};
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &barrier);
}
