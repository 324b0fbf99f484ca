package dev.framescope.physics;

import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.physics.PhysicsArgs.AnomalyArgs;
import dev.framescope.physics.PhysicsArgs.EnergySeriesArgs;
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
                + "load_recording makes one active.";
    }

    @Override
    public List<SharedParam> sharedParams() {
        return List.of(new SharedParam("recording", PhysicsArgs.RECORDING),
                new SharedParam("start_frame", PhysicsArgs.START), new SharedParam("end_frame", PhysicsArgs.END),
                new SharedParam("frame_id", PhysicsArgs.FRAME),
                new SharedParam("limit", PhysicsArgs.LIMIT));
    }

    @Override
    public List<ToolDef<?>> tools() {
        ToolHints ro = ToolHints.READS_ONLY;
        return List.of(
                ToolDef.of("list_recordings", "List recordings",
                        "Lists MSD-CPP recordings (*.db) with their size; without 'directory', in "
                        + "MSD_RECORDINGS_DIR, FRAMESCOPE_RECORDING_DIRS, replay/recordings/ and "
                        + "build/Debug/debug/recordings/.",
                        ListRecordingsArgs.class, ro, (a, c) -> ToolOutput.of(queries.list(a))),
                ToolDef.of("load_recording", "Load a recording",
                        "Opens an MSD-CPP recording read-only and makes it the active one for the other physics "
                        + "tools; returns frame count, duration, body ids and any schema tables the file lacks.",
                        LoadRecordingArgs.class, ro, (a, c) -> ToolOutput.of(queries.load(a))),
                ToolDef.of("get_recording_metadata", "Recording metadata",
                        "Bodies: inertial ones with mass (kg), restitution and friction; environment (static) ones, "
                        + "which MSD-CPP writes only as ids with bit 31 set in contact rows. Also frame count and dt.",
                        RecordingArgs.class, ro, (a, c) -> ToolOutput.of(queries.metadata(a)))
                        .withAliases("get_metadata"),
                ToolDef.of("get_recording_frame", "Frame data",
                        "Everything stored for one frame: post-step body states, collisions with contact points, "
                        + "contact and friction rows (λ in N) and the solver row ('solved: false' = no collisions); "
                        + "each list paged. With body_id, one body: its state with |v| and |ω|, and the rows "
                        + "involving it.",
                        FrameArgs.class, ro, (a, c) -> ToolOutput.of(queries.frame(a)))
                        .withAliases("get_frame", "get_body_state", "get_contacts_for_body"),
                ToolDef.of("get_energy_series", "Energy series",
                        "Energy (J) over a frame range, of the system or of body_id: per frame linear KE ½m|v|², "
                        + "rotational KE, potential m·9.81·z, total (system: also delta_e and MSD-CPP's flags) up "
                        + "to limit frames, paged by next_start_frame; longer ranges in max_buckets buckets with "
                        + "min/max of total, kinetic and ΔE, so spikes stay.",
                        EnergySeriesArgs.class, ro, (a, c) -> ToolOutput.of(energy.energySeries(a)))
                        .withAliases("get_system_energy", "get_body_energy"),
                ToolDef.of("find_energy_anomalies", "Find energy anomalies",
                        "Frames whose energy change ΔE, less the integrator's free-fall loss, is an 'injection' "
                        + "above threshold or a loss ('loss_at_contact' / 'loss_without_contact') beyond threshold "
                        + "plus the contact model's bound (docs/physics.md); impacts and sliding friction are not "
                        + "listed. Injections first.",
                        AnomalyArgs.class, ro, (a, c) -> ToolOutput.of(energy.anomalies(a))),
                ToolDef.of("get_solver_diagnostics", "Solver diagnostics",
                        "Solver rows over a frame range: iterations (summed over contact islands, so > 100 is "
                        + "legal), residual, converged. Frames without collisions are 'solved: false' (no solve), "
                        + "never non-convergence.",
                                RangeArgs.class, ro, (a, c) -> ToolOutput.of(solver.diagnostics(a))),
                ToolDef.of("check_friction_cone", "Check the friction cone",
                        "At one frame, every friction row against the Coulomb cone |λt| ≤ μ·λn: utilisation "
                        + "|λt|/(μ·λn), margin, box_utilisation of the box MSD-CPP's solver enforces (1 = "
                        + "saturated), λt1, λt2, contact point. Violations first.",
                        FrictionConeArgs.class, ro, (a, c) -> ToolOutput.of(contacts.frictionCone(a))),
                ToolDef.of("compare_body_across_frames", "Compare a body across frames",
                        "One body between two frames: position and velocity deltas, displacement, speeds, angular "
                        + "speeds, rotation angle; velocity_check tests Δv against recorded acceleration and "
                        + "gravity, lists contact frames and flags unexplained steps out of contact.",
                        CompareArgs.class, ro,
                        (a, c) -> ToolOutput.of(motion.compare(a))),
                ToolDef.of("get_contact_history", "Contact history of a pair",
                        "Contact of two bodies per frame over a range: on/off transitions, chatter (one-frame losses "
                        + "close together), normal flips and jumps, penetration trend (deepest frame, slope, longest "
                        + "growing run).",
                        ContactHistoryArgs.class,
                        ro, (a, c) -> ToolOutput.of(history.history(a))),
                ToolDef.of("check_resting_contact", "Check resting contact",
                        "For inertial bodies in contact at frame_id: resting (|v|, |ω| under thresholds; "
                        + "rest_since_frame, creep), else the moving run's last window_frames classified as jitter, "
                        + "sliding (with deceleration), rolling or moving, with the numbers used.",
                        RestingArgs.class, ro, (a, c) -> ToolOutput.of(motion.resting(a))),
                ToolDef.of("check_restitution", "Check restitution",
                        "Impacts (one per pair per approach: a contact row's u⁻ < −rest_velocity): per row the "
                        + "post-step normal speed u⁺ against −e·u⁻; 'energy_gaining' if u⁺ > −e·u⁻ + tolerance, "
                        + "'still_approaching' if u⁺ < −tolerance at the last frame.",
                        RestitutionArgs.class, ro, (a, c) -> ToolOutput.of(impacts.restitution(a))),
                ToolDef.of("check_momentum", "Check momentum",
                        "Newton's third law per pair of inertial bodies in contact (stacks included): the impulses "
                        + "each got from the other (from Δv, gravity and other contacts' λ) must cancel within "
                        + "tolerance. Pair-steps that cannot be measured are counted by reason, never passed.",
                        MomentumArgs.class, ro, (a, c) -> ToolOutput.of(momentum.momentum(a))),
                ToolDef.of("find_nonfinite_state", "Find non-finite state",
                        "Per body, first and last frame and count of frames with NaN (stored as NULL) or Inf "
                        + "velocity, position, orientation or angular velocity, and non-unit quaternions (| |q| − 1 "
                        + "| > quaternion_tolerance, worst |q| and its frame).",
                        NonfiniteArgs.class, ro, (a, c) -> ToolOutput.of(motion.nonfinite(a))),
                ToolDef.of("plot_energy", "Plot energy",
                        "PNG chart of system energy (total, kinetic, potential) or one body's over a frame range, "
                        + "injections marked in red; the JSON part names the marked frames. ~0.3 s.",
                                PlotArgs.class, ro,
                        (a, c) -> plot.plot(a)),
                ToolDef.of("triage_recording", "Triage a recording",
                        "Start here. Runs every check over the recording (non-finite state, energy, friction cone, "
                        + "penetration, contact chatter and normals, jitter at rest, velocity jumps, restitution, "
                        + "momentum, solver); anomalies by severity then first frame, repeats merged, each with "
                        + "bodies, numbers and the calls that confirm it.",
                        TriageArgs.class, ro, (a, c) -> ToolOutput.of(triage.triage(a))),
                ToolDef.of("check_penetration", "Check penetration",
                        "At one frame, the deepest overlap of every colliding pair (largest of EPA, contact-point "
                        + "and constraint depths; positive = overlap), banded ok ≤ 5 mm slop < warn ≤ threshold < "
                        + "violation.",
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
