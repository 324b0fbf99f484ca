package dev.framescope.dialogs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.dialogs.Reply.Attachment;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * Checks an answer sent by the dialog page against the question it answers. Page input is untrusted: every field is
 * checked for type, length and membership in the offered options, and an image must really be a PNG or JPEG of at
 * most the upload limit. A bad answer is refused with a reason; the question stays open.
 */
final class PageAnswers {

    static final int MAX_ADDITIONAL_CONTEXT = 10_000;
    /** Most images one answer may carry; together they are bounded by the upload limit. */
    static final int MAX_ATTACHMENTS = 5;

    /** Why an answer was refused; the page shows the message and lets the person try again. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        final String code;

        Refused(String code, String message) {
            super(message, null, false, false);
            this.code = code;
        }
    }

    private PageAnswers() {
    }

    static Reply check(DialogRequests.Request request, JsonNode answer, int maxUploadBytes) throws Refused {
        if (answer == null || !answer.isObject()) {
            throw new Refused("BAD_ANSWER", "answer must be a JSON object");
        }
        Map<String, Object> content = content(request, answer);
        List<Attachment> attachments = List.of();
        JsonNode images = answer.get("attachments");
        if (images != null && !images.isNull()) {
            attachments = images(images, maxUploadBytes);
        }
        JsonNode extra = answer.get("additional_context");
        if (extra != null && !extra.isNull()) {
            String more = text(answer, "additional_context", MAX_ADDITIONAL_CONTEXT);
            if (!more.isBlank()) {
                content.put("additional_context", more);
            }
        }
        return Reply.answered(content, attachments);
    }

    /** The answer to the question itself, as its tool returns it; refused when it does not fit the question. */
    private static Map<String, Object> content(DialogRequests.Request request, JsonNode answer) throws Refused {
        Map<String, Object> params = request.pageParams;
        Map<String, Object> content = new LinkedHashMap<>();
        switch (request.tool) {
            case "confirm" -> {
                JsonNode confirmed = answer.get("confirmed");
                if (confirmed == null || !confirmed.isBoolean()) {
                    throw new Refused("BAD_ANSWER", "confirmed must be true or false");
                }
                content.put("confirmed", confirmed.booleanValue());
            }
            case "text_input" -> {
                int max = ((Number) params.get("max_length")).intValue();
                content.put("value", text(answer, "value", max));
            }
            case "single_choice", "planner" -> {
                String choice = text(answer, "choice", 200);
                if (!optionValues(params).contains(choice)) {
                    throw new Refused("BAD_ANSWER", "choice must be one of the offered options");
                }
                content.put("choice", choice);
                if (request.tool.equals("planner")) {
                    content.put("thinking_mode", thinkingMode(answer));
                }
            }
            case "multi_choice" -> content.put("values", values(answer, params));
            case "screenshot_request" -> {
                if (!answer.path("attachments").isArray() || answer.get("attachments").isEmpty()) {
                    throw new Refused("BAD_ANSWER", "send the screenshot in attachments");
                }
            }
            default -> throw new Refused("BAD_ANSWER", "this question cannot be answered from the page");
        }
        return content;
    }

    private static String thinkingMode(JsonNode answer) throws Refused {
        JsonNode mode = answer.get("thinking_mode");
        if (mode == null || mode.isNull()) {
            return DialogForms.DEFAULT_THINKING;
        }
        if (!mode.isTextual() || !DialogForms.THINKING_MODES.contains(mode.textValue())) {
            throw new Refused("BAD_ANSWER", "thinking_mode must be one of " + DialogForms.THINKING_MODES);
        }
        return mode.textValue();
    }

    private static String text(JsonNode answer, String field, int maxLength) throws Refused {
        JsonNode node = answer.get(field);
        if (node == null || !node.isTextual()) {
            throw new Refused("BAD_ANSWER", field + " must be a string");
        }
        if (node.textValue().length() > maxLength) {
            throw new Refused("TOO_LONG", field + " is longer than " + maxLength + " characters");
        }
        return node.textValue();
    }

    @SuppressWarnings("unchecked")
    private static List<String> optionValues(Map<String, Object> params) {
        List<String> values = new ArrayList<>();
        for (Object option : (List<Object>) params.get("options")) {
            values.add(String.valueOf(((Map<String, Object>) option).get("value")));
        }
        return values;
    }

    private static List<String> values(JsonNode answer, Map<String, Object> params) throws Refused {
        JsonNode node = answer.get("values");
        if (node == null || !node.isArray()) {
            throw new Refused("BAD_ANSWER", "values must be an array of option values");
        }
        List<String> offered = optionValues(params);
        Set<String> seen = new HashSet<>();
        List<String> chosen = new ArrayList<>();
        for (JsonNode value : node) {
            if (!value.isTextual() || !offered.contains(value.textValue()) || !seen.add(value.textValue())) {
                throw new Refused("BAD_ANSWER", "values must be distinct values of the offered options");
            }
            chosen.add(value.textValue());
        }
        int min = ((Number) params.get("min_selections")).intValue();
        int max = ((Number) params.get("max_selections")).intValue();
        if (chosen.size() < min || chosen.size() > max) {
            throw new Refused("BAD_ANSWER", "pick between " + min + " and " + max + " options");
        }
        return chosen;
    }

    /** Every image of an answer: at most {@value #MAX_ATTACHMENTS}, together at most the upload limit. */
    private static List<Attachment> images(JsonNode list, int maxUploadBytes) throws Refused {
        if (!list.isArray() || list.size() > MAX_ATTACHMENTS) {
            throw new Refused("BAD_ANSWER", "attachments must be a list of at most " + MAX_ATTACHMENTS + " images");
        }
        long total = 0;
        for (JsonNode item : list) {
            total += (long) item.path("data_base64").asText("").length() * 3 / 4;
        }
        if (total > maxUploadBytes) {
            throw new Refused("TOO_LARGE", (list.size() == 1 ? "the image is" : "the images are together")
                    + " larger than " + maxUploadBytes + " bytes");
        }
        List<Attachment> images = new ArrayList<>();
        for (JsonNode item : list) {
            images.add(image(item));
        }
        return List.copyOf(images);
    }

    private static Attachment image(JsonNode item) throws Refused {
        String data = item.path("data_base64").asText("");
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(data);
        } catch (IllegalArgumentException e) {
            throw new Refused("BAD_IMAGE", "data_base64 is not base64");
        }
        String mime = sniff(bytes);
        if (mime == null || !mime.equals(item.path("mime_type").asText())) {
            throw new Refused("BAD_IMAGE", "only PNG and JPEG images are accepted, with their true mime_type");
        }
        BufferedImage image = decode(bytes);
        String name = item.path("name").asText("screenshot");
        return new Attachment(name.length() > 200 ? name.substring(0, 200) : name, mime, bytes, image.getWidth(),
                image.getHeight());
    }

    /** Larger images are refused before decoding: a small file can declare a huge canvas (a decompression bomb). */
    static final long MAX_PIXELS = 50_000_000;

    private static BufferedImage decode(byte[] bytes) throws Refused {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw new Refused("BAD_IMAGE", "the image could not be decoded");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                if ((long) reader.getWidth(0) * reader.getHeight(0) > MAX_PIXELS) {
                    throw new Refused("TOO_LARGE", "the image has more than " + MAX_PIXELS + " pixels");
                }
                return reader.read(0);
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            throw new Refused("BAD_IMAGE", "the image could not be decoded");
        }
    }

    /** The type the bytes really are, by their signature; null for anything but PNG and JPEG. */
    static String sniff(byte[] bytes) {
        if (bytes.length > 8 && (bytes[0] & 0xff) == 0x89 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G') {
            return "image/png";
        }
        if (bytes.length > 3 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xd8 && (bytes[2] & 0xff) == 0xff) {
            return "image/jpeg";
        }
        return null;
    }
}
