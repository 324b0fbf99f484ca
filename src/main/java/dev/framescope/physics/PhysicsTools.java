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

    private static final String READ_ONLY = " Opens recordings read-only; never changes a byte of them.";

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
                ToolDef.of("load_recording", "Load a recording", "Opens an MSD-CPP recording read-only and makes "
                        + "it the active recording for the other physics tools; returns frame count, duration, "
                        + "body ids and any schema tables the file lacks (tools that need a missing table say so)."
                        + READ_ONLY, LoadRecordingArgs.class, ro, (a, c) -> ToolOutput.of(queries.load(a))),
                ToolDef.of("get_recording_metadata", "Recording metadata", "Bodies of the recording: inertial bodies with "
                        + "mass (kg), restitution and friction, and environment (static) bodies, which MSD-CPP "
                        + "writes only as ids with bit 31 set in contact rows. Also frame count and dt.",
                        RecordingArgs.class, ro, (a, c) -> ToolOutput.of(queries.metadata(a)))
                        .withAliases("get_metadata"),
                ToolDef.of("get_recording_frame", "Frame data", "Everything stored for one frame: post-step body states "
                        + "(position, velocity, acceleration, orientation, angular velocity derived from the "
                        + "quaternion rate), collisions found at the start of the step with contact points, "
                        + "friction constraint rows (λ in N) and the solver row ('solved: false' = no collisions, "
                        + "no solve). Each of the three lists is paged: at most limit items (default 16) from offset, "
                        + "with its count and truncated; next_offset starts the next page.", FrameArgs.class, ro,
                        (a, c) -> ToolOutput.of(queries.frame(a))).withAliases("get_frame"),
                ToolDef.of("get_body_state", "Body state", "One body's post-step state at one frame, with |v| "
                        + "and |ω|. Inertial bodies only: an environment id (bit 31 set) is refused as a static body, "
                        + "for which MSD-CPP records no state. Use compare_body_across_frames for changes, get_recording_frame "
                        + "for all bodies.",
                        BodyFrameArgs.class, ro, (a, c) -> ToolOutput.of(queries.bodyState(a))),
                ToolDef.of("get_system_energy", "System energy series", "System energy (J) over a frame range. "
                        + "A range of at most limit frames (default 100), or full_resolution: true, comes frame by "
                        + "frame: linear and rotational KE, potential, total, the stored delta_e (frame 1's is the "
                        + "whole initial energy) and MSD-CPP's injection and collision flags, one page of limit "
                        + "points (next_start_frame starts the next). A longer range comes as at most max_buckets "
                        + "(default 50) buckets of ⌈frames/max_buckets⌉ frames (bucket_frames), each with the "
                        + "min and max, and their frames, of total and kinetic energy and of the step change ΔE = "
                        + "E_k − E_{k−1}, plus flagged and colliding frame counts: extremes and spikes are kept. Use "
                        + "find_energy_anomalies to find the frames that matter.", SystemEnergyArgs.class, ro,
                        (a, c) -> ToolOutput.of(energy.systemEnergy(a))),
                ToolDef.of("get_body_energy", "Body energy series", "Energy (J) of one body over a frame range: "
                        + "linear KE ½m|v|², rotational KE as recorded, potential m·9.81·z, total; frame by frame "
                        + "for a range of at most limit frames (or full_resolution: true, paged), else in buckets "
                        + "with min/max envelopes as get_system_energy.", BodyRangeArgs.class, ro,
                        (a, c) -> ToolOutput.of(energy.bodyEnergy(a))),
                ToolDef.of("find_energy_anomalies", "Find energy anomalies", "Frames whose system energy change "
                        + "ΔE = E_k − E_{k−1} is not explained by the physics: the residual ΔE − expected free-fall "
                        + "loss (−½·m·g²·dt² per body not in contact) is an 'injection' above threshold plus the "
                        + "position-correction allowance (max(m_A, m_B)·g·(depth − 0.005 m) per colliding pair), or a "
                        + "loss ('loss_at_contact' / 'loss_without_contact') beyond threshold plus the contact "
                        + "model's bound: per colliding pair (1 − e²)·½·m_eff·u⁻² (u⁻ = most negative "
                        + "pre_impact_rel_vel_normal, e = recorded effective restitution, m_eff = max(reduced mass, "
                        + "P_n/((1 + e)·|u⁻|)) with P_n the pair's normal impulse), per friction row μ·|λn|·v_slip·dt "
                        + "(v_slip = larger tangential speed at the contact at step start and end), ½·m·g²·dt² per "
                        + "body in contact, and the allowance for inertial pairs. Impacts and sliding friction are "
                        + "therefore not listed; their frames are counted by the term that explains them, and "
                        + "include_expected lists them with their bound ('expected_loss'). How λ is read (N or N·s) "
                        + "is measured and stated. Frame 1's stored delta (the whole initial energy) is never listed; "
                        + "get_system_energy keeps every frame. Injections come first.",
                        AnomalyArgs.class, ro, (a, c) -> ToolOutput.of(energy.anomalies(a))),
                ToolDef.of("get_solver_diagnostics", "Solver diagnostics", "Solver rows over a frame range: "
                        + "iterations (summed over contact islands, so > 100 is legal), residual, converged. Rows "
                        + "of frames without collisions are marked 'solved: false' (no solve) and never counted "
                        + "as non-convergence.", RangeArgs.class, ro, (a, c) -> ToolOutput.of(solver.diagnostics(a))),
                ToolDef.of("check_friction_cone", "Check the friction cone", "At one frame, checks every friction "
                        + "row against the circular Coulomb cone |λt| = √(λt1² + λt2²) ≤ μ·λn·(1 + ε_rel) + ε_abs "
                        + "and reports per row: utilisation |λt|/(μ·λn), margin, the inscribed-box utilisation "
                        + "max(|λt1|, |λt2|)/(μ/√2·λn) that MSD-CPP's solver enforces (1 = saturated), λt1 and λt2 "
                        + "(also as tangent1_force, tangent2_force, total_tangent_force, exceeds_limit, margin, the "
                        + "replay server's names) and the contact point (the pair's collision witness point on body "
                        + "A, matched by order). λ is a force (N). Violations first.",
                        FrictionConeArgs.class, ro, (a, c) -> ToolOutput.of(contacts.frictionCone(a))),
                ToolDef.of("get_contacts_for_body", "Contacts of a body", "Collision, contact-constraint and "
                        + "friction rows involving one body at one frame (the original tool returned only the friction "
                        + "rows).", BodyFrameArgs.class, ro, (a, c) -> ToolOutput.of(queries.contactsForBody(a))),
                ToolDef.of("compare_body_across_frames", "Compare a body across frames", "Position and velocity "
                        + "deltas of one body between two frames, with displacement, speeds, angular speeds and the "
                        + "rotation angle between the two orientations. velocity_check tests Δv against the recorded "
                        + "acceleration (semi-implicit Euler: v_k = v_{k−1} + a_k·dt per step, Σa·dt over the "
                        + "frames) and against gravity alone (g·Δt), says on which frames between the body was in "
                        + "contact, and flags any step without contact where |Δv_k − a_k·dt| exceeds "
                        + "velocity_jump_tolerance (default 0.001 m/s) as unexplained.", CompareArgs.class, ro,
                        (a, c) -> ToolOutput.of(motion.compare(a))),
                ToolDef.of("get_contact_history", "Contact history of a pair", "Per-frame contact of two distinct "
                        + "bodies of the recording over a range, analysed: on/off transitions, chatter (contact lost "
                        + "for single frames, twice or more with gaps less than chatter_window_frames apart, default "
                        + "10), normal flips (n_k·n_prev < 0) and jumps (turn > normal_jump_angle_deg, default 30°), "
                        + "and the penetration trend (deepest frame, slope, longest growing run).",
                        ContactHistoryArgs.class,
                        ro, (a, c) -> ToolOutput.of(history.history(a))),
                ToolDef.of("check_resting_contact", "Check resting contact", "For the inertial bodies in contact at "
                        + "frame_id (environment bodies, id bit 31, excluded), judged only on frames in contact: "
                        + "resting when |v| ≤ velocity_threshold and |ω| ≤ angular_velocity_threshold, with "
                        + "rest_since_frame (start of the current run of such frames) and creep since then; "
                        + "otherwise the motion over the last window_frames of the current moving run is jitter "
                        + "(≥ 2 velocity reversals, net displacement < half the path), sliding (no reversal, "
                        + "contact-point slip > velocity_threshold, with its deceleration) or rolling (no reversal, "
                        + "no slip), else moving, with the numbers used.",
                        RestingArgs.class, ro, (a, c) -> ToolOutput.of(motion.resting(a))),
                ToolDef.of("check_restitution", "Check restitution", "Impacts, one per pair per approach event: "
                        + "the run of consecutive frames in which a contact row of the pair has pre_impact_rel_vel_"
                        + "normal u⁻ < −rest_velocity (a box landing on 4 corners is one impact, with contact_rows "
                        + "4). For each row u⁺ = (v_B + ω_B×r_B − v_A − ω_A×r_A)·n from the post-step states is "
                        + "compared with −e·u⁻ (e = recorded effective restitution): 'energy_gaining' when a row has "
                        + "u⁺ > −e·u⁻ + tolerance, 'still_approaching' when a row of the last frame has u⁺ < "
                        + "−tolerance. Each impact gives its first and last frame, rows merged and its worst row's "
                        + "u⁻, u⁺; the summary counts impacts and rows.",
                        RestitutionArgs.class, ro, (a, c) -> ToolOutput.of(impacts.restitution(a))),
                ToolDef.of("check_momentum", "Check momentum", "Newton's third law per pair of inertial bodies in "
                        + "contact, stacks on the floor included: each body's impulse J = m·(v_k − v_{k−1}) − m·g·dt, "
                        + "minus the impulses of its other contacts from their recorded λ rows, is what it got from "
                        + "its partner; the pair passes when |J_A←B + J_B←A| ≤ tolerance (for a pair touching "
                        + "nothing else, |ΔP − M·g·dt|, no λ needed). λ's unit and tangent sign are measured from the "
                        + "recording and stated. Pair-steps that cannot be measured (an environment body has no "
                        + "state; another contact's λ is not recorded; a state is missing) are counted by reason as "
                        + "not checked, never as passed. Violations first.",
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
                ToolDef.of("triage_recording", "Triage a recording", "Start here. Runs every check over the whole "
                        + "recording (non-finite state, energy injection and loss beyond the contact model's bound, "
                        + "friction cone, sinking and steady penetration beyond the slop, contact chatter, normal "
                        + "flips and jumps, bodies in contact that jitter to the end (sliding and rolling are not "
                        + "failures), velocity jumps without contact, restitution gain per impact, action–reaction "
                        + "per pair in contact, solver convergence) and returns the anomalies ranked by "
                        + "severity then first frame. A finding that recurs for the same code and bodies is one "
                        + "anomaly with its first_frame, last_frame, count and worst value and frame, so every "
                        + "distinct defect fits the first page; each has bodies, code, message, numbers and the "
                        + "calls that confirm it. 'parameters' echoes every threshold used. A clean recording returns no anomalies.",
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
