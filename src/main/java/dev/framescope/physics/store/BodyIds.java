package dev.framescope.physics.store;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.physics.store.PhysicsModel.BodyMetadata;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the body ids a tool is given against the recording, the same way for every physics tool: an unknown id is
 * refused naming the parameter and the valid ids, and an environment id (bit 31 set) where a state is needed is
 * refused saying the body is static, since MSD-CPP records no state, energy or motion for environment bodies.
 */
public final class BodyIds {

    private BodyIds() {
    }

    public static boolean isEnvironment(long id) {
        return (id & RecordingStore.ENVIRONMENT_FLAG) != 0;
    }

    public static List<Long> inertial(RecordingStore store) {
        return store.bodies().stream().filter(b -> !b.isEnvironment()).map(BodyMetadata::bodyId).toList();
    }

    /**
     * How prose names a body: "body 2" for an inertial body (the id tools take), "environment 1" for an environment
     * body (its instance id; the stored id has bit 31 set), "floor (environment 1)" where the recording names its
     * asset.
     */
    public static String label(RecordingStore store, long id) {
        if (!isEnvironment(id)) {
            return "body " + id;
        }
        long instance = id & ~RecordingStore.ENVIRONMENT_FLAG;
        String name = store.bodies().stream().filter(b -> b.bodyId() == id).map(BodyMetadata::name)
                .filter(n -> n != null).findFirst().orElse(null);
        return name == null ? "environment " + instance : name + " (environment " + instance + ")";
    }

    /** "bodies 2–3" for two inertial bodies, "body 2 and environment 1" when one is an environment body. */
    public static String pair(RecordingStore store, long a, long b) {
        return !isEnvironment(a) && !isEnvironment(b) ? "bodies " + a + "–" + b
                : label(store, a) + " and " + label(store, b);
    }

    static List<Long> environment(RecordingStore store) {
        return store.bodies().stream().filter(BodyMetadata::isEnvironment).map(BodyMetadata::bodyId).toList();
    }

    /** A body that has a recorded state: an inertial body of the recording. */
    public static void requireInertial(RecordingStore store, String param, long id) {
        if (isEnvironment(id)) {
            throw staticBody(store, param, id);
        }
        if (!inertial(store).contains(id)) {
            throw unknown(store, param, id, false);
        }
    }

    /** Any body of the recording: an inertial body or an environment id that appears in its contact rows. */
    public static void requireKnown(RecordingStore store, String param, long id) {
        if (store.bodies().stream().noneMatch(b -> b.bodyId() == id)) {
            throw unknown(store, param, id, true);
        }
    }

    /** Two distinct bodies of the recording, as a contact pair. */
    public static void requirePair(RecordingStore store, long a, long b) {
        requireKnown(store, "body_a_id", a);
        requireKnown(store, "body_b_id", b);
        if (a == b) {
            throw ToolException.invalidArgument("body_b_id", "a body other than body_a_id (" + a + "): a body is "
                    + "never in contact with itself", b);
        }
    }

    static ToolException unknown(RecordingStore store, String param, long id, boolean environmentAllowed) {
        String expected = "an inertial body of this recording, one of " + inertial(store)
                + (environmentAllowed ? ", or an environment body seen in its contact rows, one of "
                + environment(store) : "");
        return ToolException.invalidArgument(param, expected, id);
    }

    public static ToolException staticBody(RecordingStore store, String param, long id) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("parameter", param);
        context.put("given", id);
        context.put("is_environment", true);
        context.put("instance_id", id & ~RecordingStore.ENVIRONMENT_FLAG);
        context.put("inertial_body_ids", inertial(store));
        return new ToolException(ErrorCode.INVALID_ARGUMENT, "Invalid argument '" + param + "': body " + id
                + " is environment (static) body " + (id & ~RecordingStore.ENVIRONMENT_FLAG) + " (id bit 31 set); "
                + "MSD-CPP records no state, energy or motion for static bodies, only their contact rows "
                + "(get_recording_frame with body_id, check_recording's contact_history). Bodies with a state: " + inertial(store) + ".",
                context);
    }
}
