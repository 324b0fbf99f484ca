package dev.framescope.physics;

import dev.framescope.common.ToolContext;
import dev.framescope.physics.checks.ContactChecks;
import dev.framescope.physics.checks.ContactHistory;
import dev.framescope.physics.checks.EnergyChecks;
import dev.framescope.physics.checks.ImpactChecks;
import dev.framescope.physics.checks.MomentumChecks;
import dev.framescope.physics.checks.MotionChecks;
import dev.framescope.physics.checks.RecordingComparison;
import dev.framescope.physics.checks.SolverChecks;
import dev.framescope.physics.checks.Triage;
import dev.framescope.physics.store.Recordings;

/**
 * {@code check_recording}: every check, or one in detail, each by the core that owns its rule. The answer is that
 * core's own report, so a check asked for by name answers exactly as its single-purpose tool did.
 */
public final class RecordingChecks {

    private final EnergyChecks energy;
    private final ContactChecks contacts;
    private final SolverChecks solver;
    private final MotionChecks motion;
    private final ImpactChecks impacts;
    private final MomentumChecks momentum;
    private final ContactHistory history;
    private final Triage triage;
    private final RecordingComparison comparison;

    public RecordingChecks(Recordings recordings) {
        this.energy = new EnergyChecks(recordings);
        this.contacts = new ContactChecks(recordings);
        this.solver = new SolverChecks(recordings);
        this.motion = new MotionChecks(recordings);
        this.impacts = new ImpactChecks(recordings);
        this.momentum = new MomentumChecks(recordings);
        this.history = new ContactHistory(recordings);
        this.triage = new Triage(recordings);
        this.comparison = new RecordingComparison(recordings);
    }

    /** The report of the check {@code args} names: one of the cores' output records. */
    public Object run(CheckArgs args) {
        return run(args, ToolContext.SILENT);
    }

    /** {@link #run(CheckArgs)}; check 'all' tells {@code context} its progress, check by check. */
    public Object run(CheckArgs args, ToolContext context) {
        return switch (args.check()) {
            case all -> triage.triage(args.triage(), context);
            case energy -> energy.anomalies(args.energy());
            case friction_cone -> contacts.frictionCone(args.frictionCone());
            case penetration -> contacts.penetration(args.penetration());
            case resting_contact -> motion.resting(args.resting());
            case restitution -> impacts.restitution(args.restitution());
            case momentum -> momentum.momentum(args.momentum());
            case nonfinite -> motion.nonfinite(args.nonfinite());
            case solver -> solver.diagnostics(args.solver());
            case contact_history -> history.history(args.contactHistory());
            case body_motion -> motion.compare(args.bodyMotion());
            case compare -> comparison.compare(args.pair());
        };
    }
}
