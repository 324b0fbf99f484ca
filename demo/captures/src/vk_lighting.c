/*
 * Second Vulkan fixture, written apart from vk_defects.c so the shader tools are checked on a frame whose shaders,
 * resources and command stream FrameScope's tests were not shaped around: a depth pre-pass without a fragment
 * shader, then an indexed lit floor and crate whose spotlight shader (vk_lighting/lit.frag, built with -g; lit.vert
 * without) divides 0 by 0 in the light's own 4x4-pixel cell. Uniform buffer through a descriptor set, one
 * interleaved vertex buffer, 16-bit indices, a 128x128 RGBA32F target; vk_lighting.truth.json says what to expect.
 *
 * Build and capture: scripts/make-captures.sh vk_lighting. Run alone: ./vk_lighting out_template dir_with_spv
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>
#include <renderdoc_app.h>

enum { SIZE = 128 };

#define VK(call) do { VkResult vr = (call); if (vr != VK_SUCCESS) die(#call, vr); } while (0)

static void die(const char *what, int code) {
    fprintf(stderr, "vk_lighting: %s failed (%d)\n", what, code);
    exit(1);
}

struct App {
    VkInstance instance;
    VkPhysicalDevice gpu;
    VkDevice device;
    VkQueue queue;
    PFN_vkSetDebugUtilsObjectNameEXT object_name;
    PFN_vkCmdBeginDebugUtilsLabelEXT push_label;
    PFN_vkCmdEndDebugUtilsLabelEXT pop_label;
};

static void label_object(struct App *app, VkObjectType type, uint64_t handle, const char *name) {
    if (!app->object_name) return;
    VkDebugUtilsObjectNameInfoEXT info = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT,
                                          .objectType = type, .objectHandle = handle, .pObjectName = name};
    app->object_name(app->device, &info);
}

static void push(struct App *app, VkCommandBuffer cmd, const char *name) {
    if (!app->push_label) return;
    VkDebugUtilsLabelEXT label = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT, .pLabelName = name};
    app->push_label(cmd, &label);
}

static void pop(struct App *app, VkCommandBuffer cmd) {
    if (app->pop_label) app->pop_label(cmd);
}

static VkDeviceMemory bind_memory(struct App *app, VkMemoryRequirements req, VkMemoryPropertyFlags flags) {
    VkPhysicalDeviceMemoryProperties props;
    vkGetPhysicalDeviceMemoryProperties(app->gpu, &props);
    for (uint32_t i = 0; i < props.memoryTypeCount; i++) {
        if (!(req.memoryTypeBits & (1u << i)) || (props.memoryTypes[i].propertyFlags & flags) != flags) continue;
        VkMemoryAllocateInfo info = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
                                     .memoryTypeIndex = i};
        VkDeviceMemory memory;
        VK(vkAllocateMemory(app->device, &info, NULL, &memory));
        return memory;
    }
    die("finding a memory type", 0);
    return VK_NULL_HANDLE;
}

/* A host-visible buffer holding `bytes`. */
static VkBuffer upload(struct App *app, VkBufferUsageFlags usage, const void *bytes, VkDeviceSize size,
                       const char *name) {
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage};
    VkBuffer buffer;
    VK(vkCreateBuffer(app->device, &info, NULL, &buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(app->device, buffer, &req);
    VkDeviceMemory memory = bind_memory(app, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                  VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    VK(vkBindBufferMemory(app->device, buffer, memory, 0));
    void *mapped;
    VK(vkMapMemory(app->device, memory, 0, size, 0, &mapped));
    memcpy(mapped, bytes, size);
    vkUnmapMemory(app->device, memory);
    label_object(app, VK_OBJECT_TYPE_BUFFER, (uint64_t) buffer, name);
    return buffer;
}

static VkImageView attachment(struct App *app, VkFormat format, VkImageUsageFlags usage, VkImageAspectFlags aspect,
                              const char *name) {
    VkImageCreateInfo info = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
                              .format = format, .extent = {SIZE, SIZE, 1}, .mipLevels = 1, .arrayLayers = 1,
                              .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = usage};
    VkImage image;
    VK(vkCreateImage(app->device, &info, NULL, &image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(app->device, image, &req);
    VK(vkBindImageMemory(app->device, image, bind_memory(app, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT), 0));
    label_object(app, VK_OBJECT_TYPE_IMAGE, (uint64_t) image, name);
    VkImageViewCreateInfo view_info = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = image,
                                       .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = format,
                                       .subresourceRange = {aspect, 0, 1, 0, 1}};
    VkImageView view;
    VK(vkCreateImageView(app->device, &view_info, NULL, &view));
    return view;
}

static VkShaderModule load_spirv(struct App *app, const char *dir, const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) die(path, 0);
    static uint32_t words[16384];
    size_t size = fread(words, 1, sizeof words, f);
    fclose(f);
    VkShaderModuleCreateInfo info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size,
                                     .pCode = words};
    VkShaderModule module;
    VK(vkCreateShaderModule(app->device, &info, NULL, &module));
    return module;
}

struct Vertex {
    float position[3];
    float normal[3];
};

struct Light { /* std140: vec2 cell, vec2 direction, vec4 colour */
    float cell[2];
    float direction[2];
    float colour[4];
};

static void start(struct App *app) {
    const char *utils = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    uint32_t available = 0;
    VK(vkEnumerateInstanceExtensionProperties(NULL, &available, NULL));
    VkExtensionProperties *extensions = calloc(available, sizeof *extensions);
    VK(vkEnumerateInstanceExtensionProperties(NULL, &available, extensions));
    uint32_t with_utils = 0;
    for (uint32_t i = 0; i < available; i++) with_utils |= !strcmp(extensions[i].extensionName, utils);
    free(extensions);
    if (!with_utils) fprintf(stderr, "vk_lighting: no %s, so no labels or names\n", utils);
    VkApplicationInfo about = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "vk_lighting",
                               .apiVersion = VK_API_VERSION_1_1};
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &about,
                                 .enabledExtensionCount = with_utils, .ppEnabledExtensionNames = &utils};
    VK(vkCreateInstance(&info, NULL, &app->instance));
    if (with_utils) {
        app->object_name = (PFN_vkSetDebugUtilsObjectNameEXT) vkGetInstanceProcAddr(app->instance,
                                                                                     "vkSetDebugUtilsObjectNameEXT");
        app->push_label = (PFN_vkCmdBeginDebugUtilsLabelEXT) vkGetInstanceProcAddr(app->instance,
                                                                                   "vkCmdBeginDebugUtilsLabelEXT");
        app->pop_label = (PFN_vkCmdEndDebugUtilsLabelEXT) vkGetInstanceProcAddr(app->instance,
                                                                                "vkCmdEndDebugUtilsLabelEXT");
    }
    uint32_t count = 1;
    VkResult found = vkEnumeratePhysicalDevices(app->instance, &count, &app->gpu);
    if ((found != VK_SUCCESS && found != VK_INCOMPLETE) || !count) die("vkEnumeratePhysicalDevices", found);
    float priority = 1;
    VkDeviceQueueCreateInfo queue = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueCount = 1,
                                     .pQueuePriorities = &priority};
    VkDeviceCreateInfo device = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
                                 .pQueueCreateInfos = &queue};
    VK(vkCreateDevice(app->gpu, &device, NULL, &app->device));
    vkGetDeviceQueue(app->device, 0, 0, &app->queue);
}

/* The floor (6 indices from vertex 0) and the crate (the same 6 indices from vertex 4), each in its own label. */
static void draw_scene(struct App *app, VkCommandBuffer cmd, const char *floor_label, const char *crate_label) {
    const char *labels[2] = {floor_label, crate_label};
    for (int32_t object = 0; object < 2; object++) {
        push(app, cmd, labels[object]);
        vkCmdDrawIndexed(cmd, 6, 1, 0, 4 * object, 0);
        pop(app, cmd);
    }
}

/* RenderDoc's in-application API when the program runs under it (LD_PRELOAD), else NULL: it then just draws. */
static RENDERDOC_API_1_6_0 *renderdoc_api(const char *capture_template) {
    void *library = dlopen("librenderdoc.so", RTLD_NOW | RTLD_NOLOAD);
    if (!library) return NULL;
    pRENDERDOC_GetAPI get_api = (pRENDERDOC_GetAPI) dlsym(library, "RENDERDOC_GetAPI");
    RENDERDOC_API_1_6_0 *api = NULL;
    if (!get_api || !get_api(eRENDERDOC_API_Version_1_6_0, (void **) &api)) die("RENDERDOC_GetAPI", 0);
    api->SetCaptureFilePathTemplate(capture_template);
    return api;
}

int main(int argc, char **argv) {
    const char *spirv_dir = argc > 2 ? argv[2] : ".";
    RENDERDOC_API_1_6_0 *rdoc = renderdoc_api(argc > 1 ? argv[1] : "vk_lighting");

    struct App app = {0};
    start(&app);

    VkImageView colour = attachment(&app, VK_FORMAT_R32G32B32A32_SFLOAT, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_IMAGE_ASPECT_COLOR_BIT, "lit_color");
    VkImageView depth = attachment(&app, VK_FORMAT_D32_SFLOAT, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                                   VK_IMAGE_ASPECT_DEPTH_BIT, "lit_depth");

    VkAttachmentDescription described[2] = {
        {.format = VK_FORMAT_R32G32B32A32_SFLOAT, .samples = VK_SAMPLE_COUNT_1_BIT,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED, .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
        {.format = VK_FORMAT_D32_SFLOAT, .samples = VK_SAMPLE_COUNT_1_BIT,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
         .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL}};
    VkAttachmentReference colour_ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkAttachmentReference depth_ref = {1, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                    .colorAttachmentCount = 1, .pColorAttachments = &colour_ref,
                                    .pDepthStencilAttachment = &depth_ref};
    VkRenderPassCreateInfo pass_info = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .attachmentCount = 2,
                                        .pAttachments = described, .subpassCount = 1, .pSubpasses = &subpass};
    VkRenderPass pass;
    VK(vkCreateRenderPass(app.device, &pass_info, NULL, &pass));
    VkImageView views[2] = {colour, depth};
    VkFramebufferCreateInfo fb_info = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = pass,
                                       .attachmentCount = 2, .pAttachments = views, .width = SIZE,
                                       .height = SIZE, .layers = 1};
    VkFramebuffer framebuffer;
    VK(vkCreateFramebuffer(app.device, &fb_info, NULL, &framebuffer));

    /* The light: its cell (10, 6) is pixels [40, 44) x [24, 28); it points right and down. */
    struct Light light = {{10, 6}, {0.6f, 0.8f}, {1.0f, 0.85f, 0.6f, 1.0f}};
    VkBuffer light_buffer = upload(&app, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &light, sizeof light, "light_params");

    VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT,
                                            NULL};
    VkDescriptorSetLayoutCreateInfo set_layout_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                                       .bindingCount = 1, .pBindings = &binding};
    VkDescriptorSetLayout set_layout;
    VK(vkCreateDescriptorSetLayout(app.device, &set_layout_info, NULL, &set_layout));
    VkDescriptorPoolSize pool_size = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1};
    VkDescriptorPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                            .poolSizeCount = 1, .pPoolSizes = &pool_size};
    VkDescriptorPool descriptor_pool;
    VK(vkCreateDescriptorPool(app.device, &pool_info, NULL, &descriptor_pool));
    VkDescriptorSetAllocateInfo set_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                            .descriptorPool = descriptor_pool, .descriptorSetCount = 1,
                                            .pSetLayouts = &set_layout};
    VkDescriptorSet set;
    VK(vkAllocateDescriptorSets(app.device, &set_info, &set));
    VkDescriptorBufferInfo light_info = {light_buffer, 0, sizeof light};
    VkWriteDescriptorSet write = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
                                  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                  .pBufferInfo = &light_info};
    vkUpdateDescriptorSets(app.device, 1, &write, 0, NULL);
    VkPipelineLayoutCreateInfo layout_info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                              .setLayoutCount = 1, .pSetLayouts = &set_layout};
    VkPipelineLayout layout;
    VK(vkCreatePipelineLayout(app.device, &layout_info, NULL, &layout));

    /* Two pipelines over one vertex layout: depth only (no fragment shader), and lit (depth test equal-or-less). */
    VkPipelineShaderStageCreateInfo shaders[2] = {
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_VERTEX_BIT,
         .module = load_spirv(&app, spirv_dir, "lit.vert.spv"), .pName = "main"},
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
         .module = load_spirv(&app, spirv_dir, "lit.frag.spv"), .pName = "main"}};
    VkVertexInputBindingDescription vertex_binding = {0, sizeof(struct Vertex), VK_VERTEX_INPUT_RATE_VERTEX};
    VkVertexInputAttributeDescription vertex_attributes[2] = {
        {0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0}, {1, 0, VK_FORMAT_R32G32B32_SFLOAT, 12}};
    VkPipelineVertexInputStateCreateInfo vertex_input = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO, .vertexBindingDescriptionCount = 1,
        .pVertexBindingDescriptions = &vertex_binding, .vertexAttributeDescriptionCount = 2,
        .pVertexAttributeDescriptions = vertex_attributes};
    VkPipelineInputAssemblyStateCreateInfo assembly = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
    VkViewport viewport = {0, 0, SIZE, SIZE, 0, 1};
    VkRect2D scissor = {{0, 0}, {SIZE, SIZE}};
    VkPipelineViewportStateCreateInfo viewport_state = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, .viewportCount = 1, .pViewports = &viewport,
        .scissorCount = 1, .pScissors = &scissor};
    VkPipelineRasterizationStateCreateInfo raster = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO, .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = VK_CULL_MODE_NONE, .frontFace = VK_FRONT_FACE_CLOCKWISE, .lineWidth = 1};
    VkPipelineMultisampleStateCreateInfo multisample = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
    VkPipelineDepthStencilStateCreateInfo depth_write = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO, .depthTestEnable = VK_TRUE,
        .depthWriteEnable = VK_TRUE, .depthCompareOp = VK_COMPARE_OP_LESS};
    VkPipelineDepthStencilStateCreateInfo depth_equal = depth_write;
    depth_equal.depthWriteEnable = VK_FALSE;
    depth_equal.depthCompareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
    VkPipelineColorBlendAttachmentState no_colour = {.colorWriteMask = 0};
    VkPipelineColorBlendAttachmentState all_colour = {.colorWriteMask = 0xF};
    VkPipelineColorBlendStateCreateInfo blend_none = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO, .attachmentCount = 1,
        .pAttachments = &no_colour};
    VkPipelineColorBlendStateCreateInfo blend_all = blend_none;
    blend_all.pAttachments = &all_colour;
    VkGraphicsPipelineCreateInfo pipelines[2] = {
        {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 1, .pStages = shaders,
         .pVertexInputState = &vertex_input, .pInputAssemblyState = &assembly, .pViewportState = &viewport_state,
         .pRasterizationState = &raster, .pMultisampleState = &multisample, .pDepthStencilState = &depth_write,
         .pColorBlendState = &blend_none, .layout = layout, .renderPass = pass},
        {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 2, .pStages = shaders,
         .pVertexInputState = &vertex_input, .pInputAssemblyState = &assembly, .pViewportState = &viewport_state,
         .pRasterizationState = &raster, .pMultisampleState = &multisample, .pDepthStencilState = &depth_equal,
         .pColorBlendState = &blend_all, .layout = layout, .renderPass = pass}};
    VkPipeline depth_only, lit;
    VkPipeline made[2];
    VK(vkCreateGraphicsPipelines(app.device, VK_NULL_HANDLE, 2, pipelines, NULL, made));
    depth_only = made[0];
    lit = made[1];

    /* Floor: the whole screen (less the shader's 1/32 border) at depth 0.5, facing the camera. Crate: a tilted
     * square at depth 0.25 over pixels [80, 112) x [80, 112) before the border scale, normal (0.6, 0, -0.8). */
    struct Vertex vertices[8] = {
        {{-1, -1, 0.5f}, {0, 0, -1}}, {{1, -1, 0.5f}, {0, 0, -1}},
        {{-1, 1, 0.5f}, {0, 0, -1}}, {{1, 1, 0.5f}, {0, 0, -1}},
        {{0.25f, 0.25f, 0.25f}, {0.6f, 0, -0.8f}}, {{0.75f, 0.25f, 0.25f}, {0.6f, 0, -0.8f}},
        {{0.25f, 0.75f, 0.25f}, {0.6f, 0, -0.8f}}, {{0.75f, 0.75f, 0.25f}, {0.6f, 0, -0.8f}}};
    uint16_t indices[6] = {0, 1, 2, 2, 1, 3};
    VkBuffer vertex_buffer = upload(&app, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, vertices, sizeof vertices, "mesh");
    VkBuffer index_buffer = upload(&app, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, indices, sizeof indices, "mesh_indices");

    VkCommandPoolCreateInfo command_pool_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    VkCommandPool command_pool;
    VK(vkCreateCommandPool(app.device, &command_pool_info, NULL, &command_pool));
    VkCommandBufferAllocateInfo command_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                                .commandPool = command_pool,
                                                .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1};
    VkCommandBuffer cmd;
    VK(vkAllocateCommandBuffers(app.device, &command_info, &cmd));

    if (rdoc) rdoc->StartFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(app.instance), NULL);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    VK(vkBeginCommandBuffer(cmd, &begin));
    VkClearValue clear[2] = {{.color = {{0.0f, 0.0f, 0.05f, 1.0f}}}, {.depthStencil = {1.0f, 0}}};
    VkRenderPassBeginInfo pass_begin = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
                                        .framebuffer = framebuffer, .renderArea = {{0, 0}, {SIZE, SIZE}},
                                        .clearValueCount = 2, .pClearValues = clear};
    push(&app, cmd, "Scene");
    vkCmdBeginRenderPass(cmd, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);
    VkDeviceSize zero = 0;
    vkCmdBindVertexBuffers(cmd, 0, 1, &vertex_buffer, &zero);
    vkCmdBindIndexBuffer(cmd, index_buffer, 0, VK_INDEX_TYPE_UINT16);

    push(&app, cmd, "Depth pre-pass");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, depth_only);
    draw_scene(&app, cmd, "Floor depth", "Crate depth");
    pop(&app, cmd);

    push(&app, cmd, "Lighting");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, lit);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
    draw_scene(&app, cmd, "Lit floor", "Lit crate");
    pop(&app, cmd);

    vkCmdEndRenderPass(cmd);
    pop(&app, cmd);
    VK(vkEndCommandBuffer(cmd));
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    VK(vkQueueSubmit(app.queue, 1, &submit, VK_NULL_HANDLE));
    VK(vkQueueWaitIdle(app.queue));
    if (rdoc) {
        if (!rdoc->EndFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(app.instance), NULL))
            die("EndFrameCapture", 0);
        char path[1024];
        uint32_t length = sizeof path;
        if (rdoc->GetCapture(0, path, &length, NULL)) printf("%s\n", path);
    }
    vkDeviceWaitIdle(app.device);
    return 0;
}
