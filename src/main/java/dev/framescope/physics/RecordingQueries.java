package dev.framescope.physics;

import dev.framescope.common.Bounded;
import dev.framescope.common.ToolException;
import dev.framescope.physics.PhysicsArgs.FrameArgs;
import dev.framescope.physics.PhysicsArgs.ListRecordingsArgs;
import dev.framescope.physics.PhysicsArgs.RecordingArgs;
import dev.framescope.physics.PhysicsModel.BodyMetadata;
import dev.framescope.physics.PhysicsModel.BodyState;
import dev.framescope.physics.PhysicsModel.CollisionInfo;
import dev.framescope.physics.PhysicsModel.ContactConstraintInfo;
import dev.framescope.physics.PhysicsModel.FrictionConstraintInfo;
import dev.framescope.physics.PhysicsModel.SolverDiagnostics;
import dev.framescope.physics.Recordings.RecordingFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reading recordings as stored: discovery, loading, metadata, one frame, one body's state. */
public final class RecordingQueries {

    public static final int SCHEMA_VERSION = 1;

    private final Recordings recordings;

    public RecordingQueries(Recordings recordings) {
        this.recordings = recordings;
    }

    public record DirectoryListing(String directory, boolean exists, Bounded<RecordingFile> recordings) {
    }

    public record RecordingList(int schemaVersion, String summary, List<DirectoryListing> directories) {
    }

    public RecordingList list(ListRecordingsArgs args) {
        List<Path> dirs = args.directory() != null ? List.of(Recordings.pathOf("directory", args.directory()))
                : recordings.searchDirs();
        List<DirectoryListing> listings = new ArrayList<>();
        int total = 0;
        for (Path dir : dirs) {
            List<RecordingFile> files = Recordings.listDirectory(dir);
            total += files.size();
            listings.add(new DirectoryListing(dir.toString(), dir.toFile().isDirectory(),
                    Bounded.of(files, args.limit())));
        }
        return new RecordingList(SCHEMA_VERSION, total + " recording(s) in " + dirs.size() + " director"
                + (dirs.size() == 1 ? "y" : "ies") + (total == 0 ? "; pass 'directory' to look elsewhere" : ""),
                listings);
    }

    /**
     * A recording opened and made active: its size in frames and time, and its bodies (inertial ones with mass,
     * restitution and friction; environment ones, which MSD-CPP writes only as ids with bit 31 set in contact rows).
     * {@code dtS} is null with fewer than two frames.
     */
    public record OpenedRecording(int schemaVersion, String summary, String path, int totalFrames, double durationS,
                                  Double dtS, List<BodyMetadata> bodies, Set<String> missingTables) {
    }

    /** Opens {@code recording} and makes it active, or describes the active one when no recording is named. */
    public OpenedRecording open(RecordingArgs args) {
        try (Recordings.Lease lease = args.recording() == null ? recordings.lease(null)
                : recordings.load(Recordings.pathOf("recording", args.recording()))) {
            return describe(lease.store());
        }
    }

    private static OpenedRecording describe(RecordingStore store) {
        List<BodyMetadata> bodies = store.bodies();
        double duration = store.frameCount() == 0 ? 0 : store.simulationTime(store.frameCount());
        Double dt = store.frameCount() >= 2 ? store.simulationTime(2) - store.simulationTime(1) : null;
        long environment = bodies.stream().filter(BodyMetadata::isEnvironment).count();
        String missing = store.missingTables().isEmpty() ? ""
                : "; missing tables: " + String.join(", ", store.missingTables());
        if (store.framesReadBefore() != null) {
            missing += "; read again: the file changed since it was opened (" + store.framesReadBefore() + " → "
                    + store.frameCount() + " frames)";
        }
        return new OpenedRecording(SCHEMA_VERSION, store.path().getFileName() + " (active): " + store.frameCount()
                + " frames (" + Findings.quantity(duration, "s") + "), " + (bodies.size() - environment)
                + " inertial and " + environment + " environment bodies (environment ids have bit 31 set)" + missing
                + ".", store.path().toString(), store.frameCount(), duration, dt, bodies, store.missingTables());
    }

    /**
     * One frame, each list paged: {@code offset} items skipped, at most {@code limit} shown, with its count;
     * {@code nextOffset} is where the next page starts while any list has more. With a body: that body's
     * {@code state} (and |v|, |ω|) instead of {@code states}, and only the rows that involve it.
     */
    public record FrameData(int schemaVersion, String summary, long frameId, double simulationTime, Long bodyId,
                            BodyState state, Double speedMPerS, Double angularSpeedRadS, String angularVelocityFrame,
                            Bounded<BodyState> states, Bounded<CollisionInfo> collisions,
                            Bounded<ContactConstraintInfo> contactConstraints,
                            Bounded<FrictionConstraintInfo> frictionConstraints, SolverDiagnostics solver,
                            int offset, Integer nextOffset) {
    }

    public FrameData frame(FrameArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return frame(lease.store(), args);
        }
    }

    private static FrameData frame(RecordingStore store, FrameArgs args) {
        long frame = FrameRange.frame(store, "frame_id", args.frameId());
        Long body = args.bodyId();
        if (body != null) {
            BodyIds.requireKnown(store, "body_id", body);
        }
        // Without the table that ties states to bodies and frames the rows below still answer; the summary says why
        // no state is shown.
        List<BodyState> states = !store.hasStates() ? List.of() : store.states(frame).stream()
                .filter(s -> body == null || s.bodyId() == body).toList();
        String noStates = "no body states (the recording has no " + store.statesTable() + " table)";
        List<CollisionInfo> collisions = store.collisions(frame).stream()
                .filter(c -> involves(body, c.bodyAId(), c.bodyBId())).toList();
        List<ContactConstraintInfo> constraints = store.contactConstraints(frame).stream()
                .filter(c -> involves(body, c.bodyAId(), c.bodyBId())).toList();
        List<FrictionConstraintInfo> friction = store.friction(frame).stream()
                .filter(f -> involves(body, f.bodyAId(), f.bodyBId())).toList();
        SolverDiagnostics solver = store.solver(frame);
        String solve = solver == null ? "no solver row" : !solver.solved() ? "no solve (no collisions)"
                : "solver " + solver.iterations() + " iterations, " + (solver.converged() ? "converged" : "NOT converged");
        int end = args.offset() + args.limit();
        boolean more = Math.max(Math.max(states.size(), collisions.size()),
                Math.max(constraints.size(), friction.size())) > end;
        String page = args.offset() == 0 && !more ? "" : String.format(" Showing items %d–%d of each list%s.",
                args.offset() + 1, end, more ? "; next_offset " + end + " gives the next page" : "");
        String at = " at frame " + frame + " (t = " + Findings.quantity(store.simulationTime(frame), "s") + "): ";
        String rows = collisions.size() + " colliding pair(s), " + constraints.size() + " contact and "
                + friction.size() + " friction row(s), " + solve + "." + page;
        BodyState state = body == null || states.isEmpty() ? null : states.get(0);
        Double speed = state == null ? null : state.velocity().norm();
        Double omega = state == null ? null : state.angularVelocity().norm();
        String summary = body == null ? "Frame" + at + (store.hasStates() ? states.size() + " bodies" : noStates)
                + ", " + rows
                : Findings.capitalised(BodyIds.label(store, body)) + at + (state != null ? "z = "
                + Findings.metres(state.position().z()) + ", |v| = " + Findings.quantity(speed, "m/s") + ", |ω| = "
                + Findings.quantity(omega, "rad/s") + "; "
                : BodyIds.isEnvironment(body) ? "environment (static) body, no state; "
                : !store.hasStates() ? noStates + "; " : "no state row at this frame; ") + rows;
        return new FrameData(SCHEMA_VERSION, summary, frame, store.simulationTime(frame), body, state, speed, omega,
                state == null ? null : "as MSD-CPP defines it: ω = 2·vec(conj(q) ⊗ q̇)",
                body == null ? Bounded.page(states, args.offset(), args.limit()) : null,
                Bounded.page(collisions, args.offset(), args.limit()),
                Bounded.page(constraints, args.offset(), args.limit()),
                Bounded.page(friction, args.offset(), args.limit()), solver, args.offset(), more ? end : null);
    }

    /** A row between bodies a and b belongs to the frame's lists when no body is asked for, else when it is one. */
    private static boolean involves(Long body, long a, long b) {
        return body == null || a == body || b == body;
    }

    static ToolException bodyNotFound(RecordingStore store, long body, long frame) {
        if (BodyIds.isEnvironment(body)) {
            return BodyIds.staticBody(store, "body_id", body);
        }
        List<Long> inertial = BodyIds.inertial(store);
        return ToolException.invalidArgument("body_id", "an inertial body of this recording, one of " + inertial
                + (frame > 0 ? " (no state row for it at frame " + frame + ")" : ""), body);
    }
}
