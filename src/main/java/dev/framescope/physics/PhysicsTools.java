package dev.framescope.physics;

import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.physics.PhysicsArgs.AnomalyArgs;
import dev.framescope.physics.PhysicsArgs.BodyFrameArgs;
import dev.framescope.physics.PhysicsArgs.BodyRangeArgs;
import dev.framescope.physics.PhysicsArgs.FrameArgs;
import dev.framescope.physics.PhysicsArgs.FrictionConeArgs;
import dev.framescope.physics.PhysicsArgs.ListRecordingsArgs;
import dev.framescope.physics.PhysicsArgs.LoadRecordingArgs;
import dev.framescope.physics.PhysicsArgs.PenetrationArgs;
import dev.framescope.physics.PhysicsArgs.RangeArgs;
import dev.framescope.physics.PhysicsArgs.RecordingArgs;
import java.util.List;

/** MSD-CPP physics recordings (SQLite, opened read-only): the replay server's tools and FrameScope's checks. */
public final class PhysicsTools implements ToolGroup {

    private static final String READ_ONLY = " Opens recordings read-only; never changes a byte of them.";

    private final RecordingQueries queries;
    private final EnergyChecks energy;
    private final ContactChecks contacts;
    private final SolverChecks solver;

    public PhysicsTools(Recordings recordings) {
        this.queries = new RecordingQueries(recordings);
        this.energy = new EnergyChecks(recordings);
        this.contacts = new ContactChecks(recordings);
        this.solver = new SolverChecks(recordings);
    }

    @Override
    public String name() {
        return "physics";
    }

    @Override
    public String guide() {
        return "MSD-CPP rigid-body recordings (SQLite): call list_recordings, then load_recording with a path; "
                + "then find_energy_anomalies, check_friction_cone or check_penetration at a frame, and get_frame "
                + "to read what was stored. Every tool also accepts 'recording' to use another file for one call.";
    }

    @Override
    public List<ToolDef<?>> tools() {
        ToolHints ro = ToolHints.READS_ONLY;
        return List.of(
                ToolDef.of("list_recordings", "List recordings", "Lists MSD-CPP recordings (*.db) with their size. "
                        + "Without 'directory' it looks in MSD_RECORDINGS_DIR, FRAMESCOPE_RECORDING_DIRS, "
                        + "replay/recordings/ and build/Debug/debug/recordings/. Next: load_recording.",
                        ListRecordingsArgs.class, ro, (a, c) -> ToolOutput.of(queries.list(a))),
                ToolDef.of("load_recording", "Load a recording", "Opens an MSD-CPP recording read-only and makes "
                        + "it the active recording for the other physics tools; returns frame count, duration, "
                        + "body ids and any schema tables the file lacks (tools that need a missing table say so)."
                        + READ_ONLY, LoadRecordingArgs.class, ro, (a, c) -> ToolOutput.of(queries.load(a))),
                ToolDef.of("get_metadata", "Recording metadata", "Bodies of the recording: inertial bodies with "
                        + "mass (kg), restitution and friction, and environment (static) bodies, which MSD-CPP "
                        + "writes only as ids with bit 31 set in contact rows. Also frame count and dt.",
                        RecordingArgs.class, ro, (a, c) -> ToolOutput.of(queries.metadata(a))),
                ToolDef.of("get_frame", "Frame data", "Everything stored for one frame: post-step body states "
                        + "(position, velocity, acceleration, orientation, angular velocity derived from the "
                        + "quaternion rate), collisions found at the start of the step with contact points, "
                        + "friction constraint rows (λ in N) and the solver row ('solved: false' = no collisions, "
                        + "no solve).", FrameArgs.class, ro, (a, c) -> ToolOutput.of(queries.frame(a))),
                ToolDef.of("get_body_state", "Body state", "One body's post-step state at one frame, with |v| "
                        + "and |ω|. Use compare_body_across_frames for changes, get_frame for all bodies.",
                        BodyFrameArgs.class, ro, (a, c) -> ToolOutput.of(queries.bodyState(a))),
                ToolDef.of("get_system_energy", "System energy series", "Per-frame system energy (J): linear and "
                        + "rotational KE, potential, total, the stored delta_e (frame 1's is the whole initial "
                        + "energy) and MSD-CPP's injection and collision flags. Use find_energy_anomalies to find "
                        + "the frames that matter.", RangeArgs.class, ro,
                        (a, c) -> ToolOutput.of(energy.systemEnergy(a))),
                ToolDef.of("get_body_energy", "Body energy series", "Per-frame energy (J) of one body: linear KE "
                        + "½m|v|², rotational KE as recorded, potential m·9.81·z, total.", BodyRangeArgs.class, ro,
                        (a, c) -> ToolOutput.of(energy.bodyEnergy(a))),
                ToolDef.of("find_energy_anomalies", "Find energy anomalies", "Frames whose system energy change "
                        + "ΔE = E_k − E_{k−1} is anomalous once the integrator's expected free-fall loss "
                        + "(−½·m·g²·dt² per body not in contact) is subtracted: 'injection' when the residual "
                        + "exceeds threshold plus the position-correction allowance (m·g·(depth − 0.005 m) per "
                        + "ground contact), losses at or without contact when below −threshold. Frame 1's stored "
                        + "delta (the whole initial energy) is never listed. Injections come first.",
                        AnomalyArgs.class, ro, (a, c) -> ToolOutput.of(energy.anomalies(a))),
                ToolDef.of("get_solver_diagnostics", "Solver diagnostics", "Solver rows over a frame range: "
                        + "iterations (summed over contact islands, so > 100 is legal), residual, converged. Rows "
                        + "of frames without collisions are marked 'solved: false' (no solve) and never counted "
                        + "as non-convergence.", RangeArgs.class, ro, (a, c) -> ToolOutput.of(solver.diagnostics(a))),
                ToolDef.of("check_friction_cone", "Check the friction cone", "At one frame, checks every friction "
                        + "row against the circular Coulomb cone |λt| = √(λt1² + λt2²) ≤ μ·λn·(1 + ε_rel) + ε_abs "
                        + "and reports utilisation |λt|/(μ·λn) and margin per row; violations first.",
                        FrictionConeArgs.class, ro, (a, c) -> ToolOutput.of(contacts.frictionCone(a))),
                ToolDef.of("check_penetration", "Check penetration", "At one frame, the deepest overlap of every "
                        + "colliding pair (largest of the pair's EPA depth, contact-point depths and constraint "
                        + "depths; positive = overlap), banded ok ≤ 5 mm slop < warn ≤ threshold < violation.",
                        PenetrationArgs.class, ro, (a, c) -> ToolOutput.of(contacts.penetration(a))));
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(
                new DemoCall("Load the energy-injection fixture", "load_recording",
                        "{\"path\": \"demo/recordings/energy_injection.db\"}"),
                new DemoCall("Find the injected energy", "find_energy_anomalies", "{\"limit\": 3}"),
                new DemoCall("Friction cone at the faulty frame", "check_friction_cone",
                        "{\"frame_id\": 10, \"recording\": \"demo/recordings/friction_cone.db\"}"),
                new DemoCall("Penetration while the ball sinks", "check_penetration",
                        "{\"frame_id\": 160, \"recording\": \"demo/recordings/penetration.db\"}"));
    }
}
