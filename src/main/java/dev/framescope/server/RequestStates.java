package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.RequestStateCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code requestState} of a multi round-trip tool call (MCP 2026-07-28): what a call that asked the client keeps
 * until the client calls again with the answer. It travels through the client, so it is signed (HMAC-SHA256 with a
 * key made at start-up and never written anywhere) and holds nothing secret: the tool, a digest of its arguments,
 * the answers of earlier rounds, which question is open, when it expires, and a nonce. A state is honoured once:
 * changed, replayed, expired, from an earlier run of the server or for another call, it is refused with the reason.
 * The SDK hands the opened text to the tool's handler ({@link #open} never throws), where {@link #round} judges it.
 */
final class RequestStates implements RequestStateCodec {

    /** Nonces of states already honoured, kept until they expire; past this many, the oldest go first. */
    static final int MAX_REMEMBERED = 10_000;
    private static final String REFUSED = "refused";

    private final ObjectMapper mapper = new ObjectMapper();
    private final byte[] key = new byte[32];
    private final SecureRandom random = new SecureRandom();
    private final Clock clock;
    private final Map<String, Long> honoured = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > MAX_REMEMBERED;
        }
    };

    RequestStates(Clock clock) {
        this.clock = clock;
        random.nextBytes(key);
    }

    /** One round of a call: the answers it already has, and the question it answers now (null on the first). */
    record Round(boolean resumed, Map<String, JsonNode> answers, String ticket) {
        static final Round FIRST = new Round(false, Map.of(), null);
    }

    /**
     * The round {@code state} (as opened) resumes for this call, with {@code responses} (the client's
     * {@code inputResponses}) added; {@link Round#FIRST} when there is no state. A state that cannot be honoured is a
     * {@code FAILED_PRECONDITION} naming why.
     */
    Round round(String state, Map<String, Object> responses, String tool, Map<String, Object> arguments) {
        if (state == null) {
            return Round.FIRST;
        }
        JsonNode payload = parse(state);
        if (payload.has(REFUSED)) {
            throw refused(payload.get(REFUSED).asText());
        }
        if (!tool.equals(payload.path("tool").asText()) || !digest(arguments).equals(payload.path("args").asText())) {
            throw refused("it belongs to another call (" + payload.path("tool").asText() + " with other arguments): "
                    + "send it back with the same tool and the same arguments");
        }
        long expires = payload.path("expires").asLong();
        if (clock.millis() > expires) {
            throw refused("it expired " + (clock.millis() - expires) / 1000 + " s ago (a question waits as long as "
                    + "its timeout): call the tool again without requestState to ask anew");
        }
        String pending = payload.path("pending").asText();
        Object answer = responses == null ? null : responses.get(pending);
        if (answer == null) {
            throw refused("inputResponses has no answer to '" + pending + "', the question it asked");
        }
        synchronized (honoured) {
            honoured.values().removeIf(until -> until < clock.millis());
            if (honoured.putIfAbsent(payload.path("nonce").asText(), expires) != null) {
                throw refused("it was already answered once (a replayed state); call the tool again without "
                        + "requestState to ask anew");
            }
        }
        Map<String, JsonNode> answers = new LinkedHashMap<>();
        payload.path("answers").properties().forEach(e -> answers.put(e.getKey(), e.getValue()));
        answers.put(pending, mapper.valueToTree(answer));
        String ticket = payload.path("ticket").isTextual() ? payload.get("ticket").asText() : null;
        return new Round(true, answers, ticket);
    }

    /** The state of a round that asks {@code pending}, to be sealed by the SDK. */
    String next(String tool, Map<String, Object> arguments, Round round, String pending, String ticket,
                long lifetimeMs) {
        ObjectNode payload = mapper.createObjectNode();
        payload.put("v", 1).put("tool", tool).put("args", digest(arguments)).put("pending", pending);
        payload.put("expires", clock.millis() + lifetimeMs);
        byte[] nonce = new byte[16];
        random.nextBytes(nonce);
        payload.put("nonce", Base64.getUrlEncoder().withoutPadding().encodeToString(nonce));
        if (ticket != null) {
            payload.put("ticket", ticket);
        }
        ObjectNode answers = payload.putObject("answers");
        round.answers().forEach(answers::set);
        return payload.toString();
    }

    @Override
    public String seal(McpRequestContext context, String plaintext) {
        String body = Base64.getUrlEncoder().withoutPadding().encodeToString(plaintext.getBytes(
                StandardCharsets.UTF_8));
        return body + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(mac(body));
    }

    /** Never null and never throws: a state that fails its check opens as a refusal the handler reports. */
    @Override
    public String open(McpRequestContext context, String sealed) {
        int dot = sealed.indexOf('.');
        try {
            if (dot > 0 && MessageDigest.isEqual(mac(sealed.substring(0, dot)),
                    Base64.getUrlDecoder().decode(sealed.substring(dot + 1)))) {
                return new String(Base64.getUrlDecoder().decode(sealed.substring(0, dot)), StandardCharsets.UTF_8);
            }
        } catch (IllegalArgumentException e) {
            // not base64: refused below like any other state this server did not sign
        }
        return mapper.createObjectNode().put(REFUSED, "it was not issued by this server process (it was changed, "
                + "or issued before the server restarted): call the tool again without requestState to ask anew")
                .toString();
    }

    private JsonNode parse(String state) {
        try {
            return mapper.readTree(state);
        } catch (IOException e) {
            throw refused("it is not a state this server wrote");
        }
    }

    private static ToolException refused(String why) {
        return new ToolException(ErrorCode.FAILED_PRECONDITION, "The requestState cannot be honoured: " + why + ".",
                Map.of("parameter", "requestState"));
    }

    private byte[] mac(String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    private String digest(Map<String, Object> arguments) {
        try {
            // sorted keys: the same arguments give the same digest whatever order the client wrote them in
            ObjectMapper sorted = mapper.copy().configure(
                    SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
            byte[] json = sorted.writeValueAsBytes(sorted.convertValue(arguments == null ? Map.of() : arguments,
                    Map.class));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(json));
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("could not digest the arguments", e);
        }
    }
}
