package dev.framescope.physics;

import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.physics.PhysicsArgs.AnomalyArgs;
import dev.framescope.physics.PhysicsArgs.BodyFrameArgs;
import dev.framescope.physics.PhysicsArgs.BodyRangeArgs;
import dev.framescope.physics.PhysicsArgs.CompareArgs;
import dev.framescope.physics.PhysicsArgs.ContactHistoryArgs;
import dev.framescope.physics.PhysicsArgs.MomentumArgs;
import dev.framescope.physics.PhysicsArgs.NonfiniteArgs;
import dev.framescope.physics.PhysicsArgs.PlotArgs;
import dev.framescope.physics.PhysicsArgs.RestingArgs;
import dev.framescope.physics.PhysicsArgs.RestitutionArgs;
import dev.framescope.physics.PhysicsArgs.TriageArgs;
import dev.framescope.physics.PhysicsArgs.FrameArgs;
import dev.framescope.physics.PhysicsArgs.FrictionConeArgs;
import dev.framescope.physics.PhysicsArgs.ListRecordingsArgs;
import dev.framescope.physics.PhysicsArgs.LoadRecordingArgs;
import dev.framescope.physics.PhysicsArgs.PenetrationArgs;
import dev.framescope.physics.PhysicsArgs.RangeArgs;
import dev.framescope.physics.PhysicsArgs.SystemEnergyArgs;
import dev.framescope.physics.PhysicsArgs.RecordingArgs;
import java.util.List;

/** MSD-CPP physics recordings (SQLite, opened read-only): the replay server's tools and FrameScope's checks. */
public final class PhysicsTools implements ToolGroup {

    private final RecordingQueries queries;
    private final EnergyChecks energy;
    private final ContactChecks contacts;
    private final SolverChecks solver;
    private final MotionChecks motion;
    private final ImpactChecks impacts;
    private final MomentumChecks momentum;
    private final ContactHistory history;
    private final EnergyPlot plot;
    private final Triage triage;

    public PhysicsTools(Recordings recordings) {
        this.queries = new RecordingQueries(recordings);
        this.energy = new EnergyChecks(recordings);
        this.contacts = new ContactChecks(recordings);
        this.solver = new SolverChecks(recordings);
        this.motion = new MotionChecks(recordings);
        this.impacts = new ImpactChecks(recordings);
        this.momentum = new MomentumChecks(recordings);
        this.history = new ContactHistory(recordings);
        this.plot = new EnergyPlot(recordings);
        this.triage = new Triage(recordings);
    }

    @Override
    public String name() {
        return "physics";
    }

    @Override
    public String guide() {
        return "MSD-CPP rigid-body recordings (SQLite): call triage_recording with the recording's path first; it "
                + "runs every check and names the frames, bodies and next calls. list_recordings finds files, "
                + "load_recording makes one active; every tool also accepts 'recording' for a single call.";
    }

    @Override
    public List<ToolDef<?>> tools() {
        ToolHints ro = ToolHints.READS_ONLY;
        return List.of(
                ToolDef.of("list_recordings", "List recordings", "Lists MSD-CPP recordings (*.db) with their size. "
                        + "Without 'directory' it looks in MSD_RECORDINGS_DIR, FRAMESCOPE_RECORDING_DIRS, "
                        + "replay/recordings/ and build/Debug/debug/recordings/. Next: load_recording.",
                        ListRecordingsArgs.class, ro, (a, c) -> ToolOutput.of(queries.list(a))),
                ToolDef.of("load_recording", "Load a recording",
                        "Opens an MSD-CPP recording read-only (never changes a byte) and makes it the active "
                        + "recording for the other physics tools; returns frame count, duration, body ids and any "
                        + "schema tables the file lacks (tools that need one say so).",
                        LoadRecordingArgs.class, ro, (a, c) -> ToolOutput.of(queries.load(a))),
                ToolDef.of("get_recording_metadata", "Recording metadata", "Bodies of the recording: inertial bodies with "
                        + "mass (kg), restitution and friction, and environment (static) bodies, which MSD-CPP "
                        + "writes only as ids with bit 31 set in contact rows. Also frame count and dt.",
                        RecordingArgs.class, ro, (a, c) -> ToolOutput.of(queries.metadata(a)))
                        .withAliases("get_metadata"),
                ToolDef.of("get_recording_frame", "Frame data",
                        "Everything stored for one frame: post-step body states, collisions with contact points, "
                        + "friction rows (λ in N) and the solver row ('solved: false' = no collisions). Each list is "
                        + "paged (limit, offset, count, truncated, next_offset).",
                        FrameArgs.class, ro,
                        (a, c) -> ToolOutput.of(queries.frame(a))).withAliases("get_frame"),
                ToolDef.of("get_body_state", "Body state",
                        "One inertial body's post-step state at one frame, with |v| and |ω| (environment ids, bit "
                        + "31, have no state). compare_body_across_frames for changes, get_recording_frame for all "
                        + "bodies.",
                        BodyFrameArgs.class, ro, (a, c) -> ToolOutput.of(queries.bodyState(a))),
                ToolDef.of("get_system_energy", "System energy series",
                        "System energy (J) over a frame range: up to limit frames (or full_resolution) per frame "
                        + "(linear and rotational KE, potential, total, delta_e, MSD-CPP's flags), paged by "
                        + "next_start_frame; longer ranges in at most max_buckets buckets with min/max of total, "
                        + "kinetic and ΔE, so spikes are kept. find_energy_anomalies finds the frames that matter.",
                        SystemEnergyArgs.class, ro,
                        (a, c) -> ToolOutput.of(energy.systemEnergy(a))),
                ToolDef.of("get_body_energy", "Body energy series",
                        "Energy (J) of one body over a frame range: linear KE ½m|v|², rotational KE, potential "
                        + "m·9.81·z, total; per frame or bucketed as get_system_energy.",
                        BodyRangeArgs.class, ro,
                        (a, c) -> ToolOutput.of(energy.bodyEnergy(a))),
                ToolDef.of("find_energy_anomalies", "Find energy anomalies",
                        "Frames whose system energy change ΔE, less the integrator's free-fall loss, is an "
                        + "'injection' above threshold or a loss ('loss_at_contact' / 'loss_without_contact') beyond "
                        + "threshold plus the contact model's bound (formulas in docs/physics.md), so impacts and "
                        + "sliding friction are not listed (include_expected adds them). Injections first.",
                        AnomalyArgs.class, ro, (a, c) -> ToolOutput.of(energy.anomalies(a))),
                ToolDef.of("get_solver_diagnostics", "Solver diagnostics", "Solver rows over a frame range: "
                        + "iterations (summed over contact islands, so > 100 is legal), residual, converged. Rows "
                        + "of frames without collisions are marked 'solved: false' (no solve) and never counted "
                        + "as non-convergence.", RangeArgs.class, ro, (a, c) -> ToolOutput.of(solver.diagnostics(a))),
                ToolDef.of("check_friction_cone", "Check the friction cone",
                        "At one frame, every friction row against the Coulomb cone |λt| ≤ μ·λn: per row utilisation "
                        + "|λt|/(μ·λn), margin, box_utilisation of the inscribed box MSD-CPP's solver enforces (1 = "
                        + "saturated), λt1, λt2 and the contact point. Violations first.",
                        FrictionConeArgs.class, ro, (a, c) -> ToolOutput.of(contacts.frictionCone(a))),
                ToolDef.of("get_contacts_for_body", "Contacts of a body",
                        "Collision, contact-constraint and friction rows involving one body at one frame (the "
                        + "original replay tool returned only the friction rows).",
                        BodyFrameArgs.class, ro, (a, c) -> ToolOutput.of(queries.contactsForBody(a))),
                ToolDef.of("compare_body_across_frames", "Compare a body across frames",
                        "Position and velocity deltas of one body between two frames, with displacement, speeds, "
                        + "angular speeds and rotation angle; velocity_check tests Δv against the recorded "
                        + "acceleration and gravity, lists contact frames, and flags steps out of contact whose Δv "
                        + "the acceleration does not explain.",
                        CompareArgs.class, ro,
                        (a, c) -> ToolOutput.of(motion.compare(a))),
                ToolDef.of("get_contact_history", "Contact history of a pair",
                        "Per-frame contact of two bodies over a range, analysed: on/off transitions, chatter "
                        + "(single-frame losses close together), normal flips and jumps (> normal_jump_angle_deg), "
                        + "and the penetration trend (deepest frame, slope, longest growing run).",
                        ContactHistoryArgs.class,
                        ro, (a, c) -> ToolOutput.of(history.history(a))),
                ToolDef.of("check_resting_contact", "Check resting contact",
                        "For inertial bodies in contact at frame_id: resting (|v|, |ω| under thresholds, with "
                        + "rest_since_frame and creep), else the current moving run's last window_frames classified "
                        + "as jitter, sliding (with deceleration), rolling or moving, with the numbers used (formulas "
                        + "in docs/physics.md).",
                        RestingArgs.class, ro, (a, c) -> ToolOutput.of(motion.resting(a))),
                ToolDef.of("check_restitution", "Check restitution",
                        "Impacts (one per pair per approach, frames with a contact row's u⁻ < −rest_velocity): per "
                        + "row the post-step normal speed u⁺ against −e·u⁻, 'energy_gaining' if u⁺ > −e·u⁻ + "
                        + "tolerance, 'still_approaching' if u⁺ < −tolerance at the last frame. Each impact: frames, "
                        + "rows, worst u⁻ and u⁺.",
                        RestitutionArgs.class, ro, (a, c) -> ToolOutput.of(impacts.restitution(a))),
                ToolDef.of("check_momentum", "Check momentum",
                        "Newton's third law per pair of inertial bodies in contact (stacks included): the impulses "
                        + "each body got from the other (from Δv, gravity and its other contacts' λ) must cancel "
                        + "within tolerance. Pair-steps that cannot be measured are counted by reason, never passed. "
                        + "Violations first.",
                        MomentumArgs.class, ro, (a, c) -> ToolOutput.of(momentum.momentum(a))),
                ToolDef.of("find_nonfinite_state", "Find non-finite state", "Per body, the first and last frame "
                        + "and the count of frames where velocity, position, orientation or angular velocity is NaN "
                        + "(stored as NULL) or Inf, and orientations that are not unit quaternions (| |q| − 1 | > "
                        + "quaternion_tolerance, with the |q| furthest from 1 and its frame).",
                        NonfiniteArgs.class, ro, (a, c) -> ToolOutput.of(motion.nonfinite(a))),
                ToolDef.of("plot_energy", "Plot energy", "A PNG chart (image content) of system energy (total, "
                        + "kinetic, potential) or one body's energy over a frame range, energy injections marked "
                        + "with red lines; the JSON part names the marked frames. ~0.3 s.", PlotArgs.class, ro,
                        (a, c) -> plot.plot(a)),
                ToolDef.of("triage_recording", "Triage a recording",
                        "Start here. Runs every check over the whole recording (non-finite state, energy, friction "
                        + "cone, penetration, contact chatter and normals, jitter at rest, velocity jumps, "
                        + "restitution, momentum, solver) and returns anomalies by severity then first frame, repeats "
                        + "merged (first/last frame, count, worst), each with bodies, numbers and the calls that "
                        + "confirm it.",
                        TriageArgs.class, ro, (a, c) -> ToolOutput.of(triage.triage(a))),
                ToolDef.of("check_penetration", "Check penetration", "At one frame, the deepest overlap of every "
                        + "colliding pair (largest of the pair's EPA depth, contact-point depths and constraint "
                        + "depths; positive = overlap), banded ok ≤ 5 mm slop < warn ≤ threshold < violation.",
                        PenetrationArgs.class, ro, (a, c) -> ToolOutput.of(contacts.penetration(a))));
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(
                new DemoCall("Triage a faulty recording in one call", "triage_recording",
                        "{\"recording\": \"demo/recordings/penetration.db\", \"limit\": 3}"),
                new DemoCall("Triage a clean recording: no anomalies", "triage_recording",
                        "{\"recording\": \"demo/recordings/drop_settle.db\"}"),
                new DemoCall("Load the energy-injection fixture", "load_recording",
                        "{\"path\": \"demo/recordings/energy_injection.db\"}"),
                new DemoCall("Find the injected energy", "find_energy_anomalies", "{\"limit\": 3}"),
                new DemoCall("Friction cone at the faulty frame", "check_friction_cone",
                        "{\"frame_id\": 10, \"recording\": \"demo/recordings/friction_cone.db\"}"),
                new DemoCall("Penetration while the ball sinks", "check_penetration",
                        "{\"frame_id\": 160, \"recording\": \"demo/recordings/penetration.db\"}"));
    }
}
