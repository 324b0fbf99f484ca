/*
 * Vulkan fixture for FrameScope's RenderDoc tools: one frame rendered offscreen (no window, no swapchain) into an
 * RGBA32F image on Mesa's lavapipe, captured with RenderDoc's in-application API. Draws sit inside nested
 * VK_EXT_debug_utils labels so tests find them by marker path; vk_defects.truth.json says what each does.
 * Shaders: src/vk/fixture.{vert,frag}, compiled with glslangValidator -V -g (so RenderDoc has their source).
 * Pixel coordinates in comments: 256x256 target, top-left origin.
 *
 * Build and capture: scripts/make-captures.sh. Run alone: ./vk_defects out_template dir_with_spv
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>
#include <renderdoc_app.h>

#define W 256
#define H 256
#define CHECK(x) do { VkResult r_ = (x); if (r_ != VK_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, r_); exit(1); } } while (0)

static VkDevice device;
static PFN_vkCmdBeginDebugUtilsLabelEXT begin_label;
static PFN_vkCmdEndDebugUtilsLabelEXT end_label;
static PFN_vkSetDebugUtilsObjectNameEXT set_name;

struct Draw {
    float colour[4];
    float zero;
    int mode;
};

static void name(VkObjectType type, uint64_t handle, const char *text) {
    if (!set_name) return;
    VkDebugUtilsObjectNameInfoEXT info = {VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT, NULL, type, handle, text};
    set_name(device, &info);
}

static void group(VkCommandBuffer cmd, const char *text) {
    if (!begin_label) return;
    VkDebugUtilsLabelEXT label = {VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT, NULL, text, {0, 0, 0, 0}};
    begin_label(cmd, &label);
}

static void end_group(VkCommandBuffer cmd) {
    if (end_label) end_label(cmd);
}

static uint32_t memory_type(VkPhysicalDevice gpu, uint32_t bits, VkMemoryPropertyFlags wanted) {
    VkPhysicalDeviceMemoryProperties props;
    vkGetPhysicalDeviceMemoryProperties(gpu, &props);
    for (uint32_t i = 0; i < props.memoryTypeCount; i++)
        if ((bits & (1u << i)) && (props.memoryTypes[i].propertyFlags & wanted) == wanted) return i;
    fprintf(stderr, "no memory type\n");
    exit(1);
}

static VkShaderModule module(const char *dir, const char *file) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(1); }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint32_t *code = malloc(size);
    if (fread(code, 1, size, f) != (size_t) size) { fprintf(stderr, "short read %s\n", path); exit(1); }
    fclose(f);
    VkShaderModuleCreateInfo info = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL, 0, size, code};
    VkShaderModule m;
    CHECK(vkCreateShaderModule(device, &info, NULL, &m));
    free(code);
    return m;
}

/* Pixel rectangle [x0, x1) x [y0, y1) as two triangles; Vulkan's clip space has y pointing down. */
static void quad(float *out, int x0, int y0, int x1, int y1) {
    float l = 2.0f * x0 / W - 1, r = 2.0f * x1 / W - 1, t = 2.0f * y0 / H - 1, b = 2.0f * y1 / H - 1;
    float v[6][4] = {{l, b, 0, 1}, {r, b, 0, 1}, {r, t, 0, 1}, {l, b, 0, 1}, {r, t, 0, 1}, {l, t, 0, 1}};
    memcpy(out, v, sizeof v);
}

int main(int argc, char **argv) {
    const char *template_path = argc > 1 ? argv[1] : "vk_defects";
    const char *spv_dir = argc > 2 ? argv[2] : ".";
    RENDERDOC_API_1_6_0 *rdoc = NULL;
    void *lib = dlopen("librenderdoc.so", RTLD_NOW | RTLD_NOLOAD);
    if (lib) {
        pRENDERDOC_GetAPI get = (pRENDERDOC_GetAPI) dlsym(lib, "RENDERDOC_GetAPI");
        if (!get || !get(eRENDERDOC_API_Version_1_6_0, (void **) &rdoc)) { fprintf(stderr, "no RenderDoc API\n"); return 1; }
        rdoc->SetCaptureFilePathTemplate(template_path);
        /* Run Khronos validation while capturing, so the invalid vkCmdSetLineWidth below is in the capture. */
        rdoc->SetCaptureOptionU32(eRENDERDOC_Option_APIValidation, 1);
        rdoc->SetCaptureOptionU32(eRENDERDOC_Option_DebugOutputMute, 0);
    }

    const char *extensions[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
    uint32_t count = 0;
    vkEnumerateInstanceExtensionProperties(NULL, &count, NULL);
    VkExtensionProperties *available = calloc(count, sizeof *available);
    vkEnumerateInstanceExtensionProperties(NULL, &count, available);
    int have_utils = 0;
    for (uint32_t i = 0; i < count; i++) have_utils |= !strcmp(available[i].extensionName, extensions[0]);
    VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO, NULL, "vk_defects", 1, "framescope", 1, VK_API_VERSION_1_1};
    VkInstanceCreateInfo instance_info = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, NULL, 0, &app, 0, NULL,
                                          have_utils ? 1 : 0, extensions};
    VkInstance instance;
    CHECK(vkCreateInstance(&instance_info, NULL, &instance));
    if (have_utils) {
        begin_label = (PFN_vkCmdBeginDebugUtilsLabelEXT) vkGetInstanceProcAddr(instance, "vkCmdBeginDebugUtilsLabelEXT");
        end_label = (PFN_vkCmdEndDebugUtilsLabelEXT) vkGetInstanceProcAddr(instance, "vkCmdEndDebugUtilsLabelEXT");
        set_name = (PFN_vkSetDebugUtilsObjectNameEXT) vkGetInstanceProcAddr(instance, "vkSetDebugUtilsObjectNameEXT");
    } else {
        fprintf(stderr, "vk_defects: VK_EXT_debug_utils missing: no markers or names\n");
    }

    uint32_t gpus = 1;
    VkPhysicalDevice gpu;
    vkEnumeratePhysicalDevices(instance, &gpus, &gpu);
    if (!gpus) { fprintf(stderr, "no Vulkan device\n"); return 1; }
    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue_info = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, NULL, 0, 0, 1, &priority};
    VkDeviceCreateInfo device_info = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, NULL, 0, 1, &queue_info, 0, NULL, 0, NULL, NULL};
    CHECK(vkCreateDevice(gpu, &device_info, NULL, &device));
    VkQueue queue;
    vkGetDeviceQueue(device, 0, 0, &queue);

    /* Targets. */
    VkImageCreateInfo image_info = {VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, NULL, 0, VK_IMAGE_TYPE_2D,
                                    VK_FORMAT_R32G32B32A32_SFLOAT, {W, H, 1}, 1, 1, VK_SAMPLE_COUNT_1_BIT,
                                    VK_IMAGE_TILING_OPTIMAL,
                                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                    VK_SHARING_MODE_EXCLUSIVE, 0, NULL, VK_IMAGE_LAYOUT_UNDEFINED};
    VkImage colour, depth;
    CHECK(vkCreateImage(device, &image_info, NULL, &colour));
    image_info.format = VK_FORMAT_D32_SFLOAT;
    image_info.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
    CHECK(vkCreateImage(device, &image_info, NULL, &depth));
    VkDeviceMemory memory[3];
    VkImage images[2] = {colour, depth};
    for (int i = 0; i < 2; i++) {
        VkMemoryRequirements req;
        vkGetImageMemoryRequirements(device, images[i], &req);
        VkMemoryAllocateInfo alloc = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, NULL, req.size,
                                      memory_type(gpu, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)};
        CHECK(vkAllocateMemory(device, &alloc, NULL, &memory[i]));
        CHECK(vkBindImageMemory(device, images[i], memory[i], 0));
    }
    name(VK_OBJECT_TYPE_IMAGE, (uint64_t) colour, "hdr_color");
    name(VK_OBJECT_TYPE_IMAGE, (uint64_t) depth, "scene_depth");
    VkImageViewCreateInfo view_info = {VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, NULL, 0, colour, VK_IMAGE_VIEW_TYPE_2D,
                                       VK_FORMAT_R32G32B32A32_SFLOAT, {0}, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
    VkImageView views[2];
    CHECK(vkCreateImageView(device, &view_info, NULL, &views[0]));
    view_info.image = depth;
    view_info.format = VK_FORMAT_D32_SFLOAT;
    view_info.subresourceRange.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
    CHECK(vkCreateImageView(device, &view_info, NULL, &views[1]));

    VkAttachmentDescription attachments[2] = {
        {0, VK_FORMAT_R32G32B32A32_SFLOAT, VK_SAMPLE_COUNT_1_BIT, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE,
         VK_ATTACHMENT_LOAD_OP_DONT_CARE, VK_ATTACHMENT_STORE_OP_DONT_CARE, VK_IMAGE_LAYOUT_UNDEFINED,
         VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
        {0, VK_FORMAT_D32_SFLOAT, VK_SAMPLE_COUNT_1_BIT, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_DONT_CARE,
         VK_ATTACHMENT_LOAD_OP_DONT_CARE, VK_ATTACHMENT_STORE_OP_DONT_CARE, VK_IMAGE_LAYOUT_UNDEFINED,
         VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL}};
    VkAttachmentReference colour_ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkAttachmentReference depth_ref = {1, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {0, VK_PIPELINE_BIND_POINT_GRAPHICS, 0, NULL, 1, &colour_ref, NULL, &depth_ref, 0, NULL};
    VkRenderPassCreateInfo pass_info = {VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, NULL, 0, 2, attachments, 1, &subpass, 0, NULL};
    VkRenderPass pass;
    CHECK(vkCreateRenderPass(device, &pass_info, NULL, &pass));
    VkFramebufferCreateInfo fb_info = {VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, NULL, 0, pass, 2, views, W, H, 1};
    VkFramebuffer framebuffer;
    CHECK(vkCreateFramebuffer(device, &fb_info, NULL, &framebuffer));

    /* Pipeline: one for every draw; the push constant picks what the fragment shader writes. */
    VkPushConstantRange range = {VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(struct Draw)};
    VkPipelineLayoutCreateInfo layout_info = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, NULL, 0, 0, NULL, 1, &range};
    VkPipelineLayout layout;
    CHECK(vkCreatePipelineLayout(device, &layout_info, NULL, &layout));
    VkPipelineShaderStageCreateInfo stages[2] = {
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_VERTEX_BIT,
         module(spv_dir, "fixture.vert.spv"), "main", NULL},
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_FRAGMENT_BIT,
         module(spv_dir, "fixture.frag.spv"), "main", NULL}};
    VkVertexInputBindingDescription bindings[2] = {{0, 16, VK_VERTEX_INPUT_RATE_VERTEX}, {1, 8, VK_VERTEX_INPUT_RATE_VERTEX}};
    VkVertexInputAttributeDescription attributes[2] = {{0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0}, {1, 1, VK_FORMAT_R32G32_SFLOAT, 0}};
    VkPipelineVertexInputStateCreateInfo input = {VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO, NULL, 0, 2,
                                                  bindings, 2, attributes};
    VkPipelineInputAssemblyStateCreateInfo assembly = {VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO, NULL, 0,
                                                       VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, VK_FALSE};
    VkViewport viewport = {0, 0, W, H, 0, 1};
    VkRect2D scissor = {{0, 0}, {W, H}};
    VkPipelineViewportStateCreateInfo viewport_state = {VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, NULL, 0, 1,
                                                        &viewport, 1, &scissor};
    VkPipelineRasterizationStateCreateInfo raster = {VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO, NULL, 0,
                                                     VK_FALSE, VK_FALSE, VK_POLYGON_MODE_FILL, VK_CULL_MODE_NONE,
                                                     VK_FRONT_FACE_COUNTER_CLOCKWISE, VK_FALSE, 0, 0, 0, 1.0f};
    VkPipelineMultisampleStateCreateInfo multisample = {VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO, NULL, 0,
                                                        VK_SAMPLE_COUNT_1_BIT};
    VkPipelineDepthStencilStateCreateInfo depth_state = {VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO, NULL, 0,
                                                         VK_TRUE, VK_TRUE, VK_COMPARE_OP_LESS_OR_EQUAL};
    VkPipelineColorBlendAttachmentState blend = {VK_FALSE, 0, 0, 0, 0, 0, 0, 0xF};
    VkPipelineColorBlendStateCreateInfo blend_state = {VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO, NULL, 0,
                                                       VK_FALSE, 0, 1, &blend};
    VkGraphicsPipelineCreateInfo pipeline_info = {VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, NULL, 0, 2, stages,
                                                  &input, &assembly, NULL, &viewport_state, &raster, &multisample,
                                                  &depth_state, &blend_state, NULL, layout, pass, 0};
    VkPipeline pipeline;
    CHECK(vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &pipeline_info, NULL, &pipeline));

    /* Vertex data for every draw, one host-visible buffer each for positions and UVs. */
    enum { MAX_VERTICES = 64 };
    float positions[MAX_VERTICES][4] = {{0}};
    float uvs[MAX_VERTICES][2] = {{0}};
    quad(positions[0], 0, 192, 256, 256);        /* 0..5   background, [0,256) x [192,256) */
    quad(positions[6], 16, 16, 48, 48);          /* 6..11  NaN quad */
    quad(positions[12], 64, 16, 96, 48);         /* 12..17 Inf quad */
    float bad[3][4] = {{-0.5f, 0.5f, 0, 1}, {1e30f, 0.5f, 0, 1}, {0.0f, NAN, 0, 1}};
    memcpy(positions[18], bad, sizeof bad);      /* 18..20 bad vertices: index 1 huge, index 2 NaN */
    float degenerate[6][4] = {{0.1f, 0.1f, 0, 1}, {0.1f, 0.1f, 0, 1}, {0.3f, 0.2f, 0, 1},
                              {0.0f, 0.0f, 0, 1}, {0.2f, 0.2f, 0, 1}, {0.4f, 0.4f, 0, 1}};
    memcpy(positions[21], degenerate, sizeof degenerate); /* 21..26 two zero-area triangles */
    quad(positions[27], 224, 16, 240, 32);       /* 27..32 the quad after the invalid line width */
    VkBuffer buffers[2];
    void *data[2] = {positions, uvs};
    VkDeviceSize sizes[2] = {sizeof positions, sizeof uvs};
    const char *buffer_names[2] = {"positions", "uvs"};
    for (int i = 0; i < 2; i++) {
        VkBufferCreateInfo info = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, NULL, 0, sizes[i], VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                                   VK_SHARING_MODE_EXCLUSIVE, 0, NULL};
        CHECK(vkCreateBuffer(device, &info, NULL, &buffers[i]));
        VkMemoryRequirements req;
        vkGetBufferMemoryRequirements(device, buffers[i], &req);
        VkMemoryAllocateInfo alloc = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, NULL, req.size,
                                      memory_type(gpu, req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                  VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
        VkDeviceMemory mem;
        CHECK(vkAllocateMemory(device, &alloc, NULL, &mem));
        CHECK(vkBindBufferMemory(device, buffers[i], mem, 0));
        void *mapped;
        CHECK(vkMapMemory(device, mem, 0, sizes[i], 0, &mapped));
        memcpy(mapped, data[i], sizes[i]);
        vkUnmapMemory(device, mem);
        name(VK_OBJECT_TYPE_BUFFER, (uint64_t) buffers[i], buffer_names[i]);
    }

    VkCommandPoolCreateInfo pool_info = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, NULL, 0, 0};
    VkCommandPool pool;
    CHECK(vkCreateCommandPool(device, &pool_info, NULL, &pool));
    VkCommandBufferAllocateInfo cmd_info = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, pool,
                                            VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
    VkCommandBuffer cmd;
    CHECK(vkAllocateCommandBuffers(device, &cmd_info, &cmd));

    if (rdoc) rdoc->StartFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(instance), NULL);

    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, NULL,
                                      VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT, NULL};
    CHECK(vkBeginCommandBuffer(cmd, &begin));
    VkClearValue clears[2] = {{.color = {{0, 0, 0, 1}}}, {.depthStencil = {1, 0}}};
    VkRenderPassBeginInfo pass_begin = {VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, NULL, pass, framebuffer,
                                        {{0, 0}, {W, H}}, 2, clears};
    group(cmd, "Frame");
    vkCmdBeginRenderPass(cmd, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    VkDeviceSize offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(cmd, 0, 2, buffers, offsets);
    struct Draw d = {{0.1f, 0.6f, 0.2f, 1.0f}, 0.0f, 0};

    group(cmd, "Opaque");
    group(cmd, "Background quad");
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof d, &d);
    vkCmdDraw(cmd, 6, 1, 0, 0);
    end_group(cmd);
    end_group(cmd);

    group(cmd, "Defects");
    group(cmd, "NaN quad");
    d.mode = 1;
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof d, &d);
    vkCmdDraw(cmd, 6, 1, 6, 0);
    end_group(cmd);
    group(cmd, "Inf quad");
    d.mode = 2;
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof d, &d);
    vkCmdDraw(cmd, 6, 1, 12, 0);
    end_group(cmd);
    group(cmd, "Bad vertices");
    struct Draw magenta = {{1, 0, 1, 1}, 0.0f, 0};
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof magenta, &magenta);
    vkCmdDraw(cmd, 3, 1, 18, 0);
    end_group(cmd);
    group(cmd, "Degenerate triangles");
    vkCmdDraw(cmd, 6, 1, 21, 0);
    end_group(cmd);
    end_group(cmd);

    group(cmd, "Errors");
    group(cmd, "Wide line");  /* line width 4 without the wideLines feature: a validation error, then a quad */
    vkCmdSetLineWidth(cmd, 4.0f);
    struct Draw blue = {{0.2f, 0.2f, 0.9f, 1.0f}, 0.0f, 0};
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof blue, &blue);
    vkCmdDraw(cmd, 6, 1, 27, 0);
    end_group(cmd);
    end_group(cmd);

    vkCmdEndRenderPass(cmd);
    end_group(cmd);
    CHECK(vkEndCommandBuffer(cmd));
    VkSubmitInfo submit = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &cmd, 0, NULL};
    CHECK(vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE));
    CHECK(vkQueueWaitIdle(queue));

    if (rdoc) {
        if (!rdoc->EndFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(instance), NULL)) {
            fprintf(stderr, "EndFrameCapture failed\n");
            return 1;
        }
        char path[1024];
        uint32_t length = sizeof path;
        if (rdoc->GetCapture(0, path, &length, NULL)) printf("%s\n", path);
    }
    vkDeviceWaitIdle(device);
    return 0;
}
