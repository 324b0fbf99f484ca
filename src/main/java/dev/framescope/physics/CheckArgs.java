package dev.framescope.physics;

import dev.framescope.common.Param;
import dev.framescope.common.ToolException;
import dev.framescope.physics.checks.ContactHistory;
import dev.framescope.physics.checks.EnergyChecks;
import dev.framescope.physics.checks.LambdaConvention.LambdaUnit;
import dev.framescope.physics.checks.PhysicsArgs;
import dev.framescope.physics.checks.PhysicsArgs.AnomalyArgs;
import dev.framescope.physics.checks.PhysicsArgs.CompareArgs;
import dev.framescope.physics.checks.PhysicsArgs.ContactHistoryArgs;
import dev.framescope.physics.checks.PhysicsArgs.FrictionConeArgs;
import dev.framescope.physics.checks.PhysicsArgs.MomentumArgs;
import dev.framescope.physics.checks.PhysicsArgs.NonfiniteArgs;
import dev.framescope.physics.checks.PhysicsArgs.PenetrationArgs;
import dev.framescope.physics.checks.PhysicsArgs.RangeArgs;
import dev.framescope.physics.checks.PhysicsArgs.RestingArgs;
import dev.framescope.physics.checks.PhysicsArgs.RestitutionArgs;
import dev.framescope.physics.checks.PhysicsArgs.TriageArgs;
import dev.framescope.physics.checks.RecordingComparison;

/**
 * Input of {@code check_recording}: which check, and the union of the checks' parameters. Each check reads the ones
 * it uses and takes its own defaults for the rest (the single-purpose tools' defaults, so a call by an older name
 * answers as it did); a parameter a check needs and did not get is refused naming it and the check. Parameters that
 * meant different things in two checks have names that say which ({@code energy_threshold},
 * {@code penetration_threshold}, {@code restitution_tolerance}, {@code momentum_tolerance}); the older tools' own
 * names reach them through their aliases' renames.
 */
public record CheckArgs(
        @Param("all, or one check in detail.") Check check,
        @Param(PhysicsArgs.RECORDING) String recording,
        @Param(value = PhysicsArgs.FRAME, min = 1) Long frameId,
        @Param("friction_cone: only this body's rows; contact_history, body_motion: the body.") Long bodyId,
        @Param("contact_history: the other body; normals point from body_id to it.") Long otherBodyId,
        @Param(value = PhysicsArgs.START, min = 1) Long startFrame,
        @Param(value = PhysicsArgs.END, min = 1) Long endFrame,
        @Param(value = "Most items listed; default 20 (all), 30 (friction_cone), 100 (contact_history), 200 (solver), "
                + "else 50.", min = 1, max = 5000) Integer limit,
        @Param(value = "Joules beyond the allowances for an energy anomaly.", min = 0)
        Double energyThreshold,
        @Param("energy: also the losses the contact bound explains, last.")
        Boolean includeExpected,
        @Param(PhysicsArgs.LAMBDA_UNIT) LambdaUnit lambdaUnit,
        @Param(value = "Metres: deeper overlaps are violations (all: deeper and growing is sinking).", min = 0) Double penetrationThreshold,
        @Param(value = "all: metres of overlap a resting contact may keep.", min = 0)
        Double slopM,
        @Param(value = "all: frames an overlap beyond slop_m must last to be STEADY_PENETRATION.",
                min = 1, max = 10000) Integer steadyOverlapMinFrames,
        @Param(value = "m/s: moving when |v| exceeds this.", min = 0) Double velocityThreshold,
        @Param(value = "rad/s: rotating when |ω| exceeds this.", min = 0)
        Double angularVelocityThreshold,
        @Param(value = "Frames up to the end (resting_contact: frame_id) over which motion at rest is classified.", min = 1, max = 10000) Integer restWindowFrames,
        @Param(value = PhysicsArgs.CHATTER_WINDOW, min = 2, max = 10000)
        Integer chatterWindowFrames,
        @Param(value = PhysicsArgs.JUMP_ANGLE, min = 0, max = 180) Double normalJumpAngleDeg,
        @Param(value = PhysicsArgs.JUMP_TOLERANCE, min = 0) Double velocityJumpTolerance,
        @Param(value = "friction_cone: ε_rel in |λt| ≤ μ·λn·(1 + ε_rel) + ε_abs (MSD-CPP 0.01).",
                min = 0, max = 1) Double relativeTolerance,
        @Param(value = "friction_cone: ε_abs in newtons.", min = 0) Double absoluteToleranceN,
        @Param(value = "restitution: m/s of slack on u⁺ ≤ −e·u⁻ (≈ |g|·dt).", min = 0)
        Double restitutionTolerance,
        @Param(value = "restitution: m/s; slower approaches are resting contacts (MSD-CPP 0.5).",
                min = 0) Double restVelocity,
        @Param(value = "momentum: kg·m/s; largest |J_A←B + J_B←A| accepted per pair.",
                min = 0) Double momentumTolerance,
        @Param(value = "nonfinite: largest accepted | |q| − 1 |.", min = 0)
        Double quaternionTolerance,
        @Param("compare: the recording to compare with, of the same scene.") String otherRecording,
        @Param(value = "compare: m, rad, m/s, rad/s; differences above it are 'beyond tolerance' (1e-6).", min = 0)
        Double stateTolerance) {

    /** The checks, by the name {@code check} takes. */
    public enum Check { all, energy, friction_cone, penetration, resting_contact, restitution, momentum, nonfinite,
        solver, contact_history, body_motion, compare }

    public CheckArgs {
        check = check == null ? Check.all : check;
        energyThreshold = energyThreshold == null ? 1.0 : energyThreshold;
        includeExpected = includeExpected != null && includeExpected;
        lambdaUnit = lambdaUnit == null ? LambdaUnit.auto : lambdaUnit;
        penetrationThreshold = penetrationThreshold == null ? 0.01 : penetrationThreshold;
        slopM = slopM == null ? EnergyChecks.SLOP_M : slopM;
        steadyOverlapMinFrames = steadyOverlapMinFrames == null ? 10 : steadyOverlapMinFrames;
        velocityThreshold = velocityThreshold == null ? 0.01 : velocityThreshold;
        angularVelocityThreshold = angularVelocityThreshold == null ? 0.01 : angularVelocityThreshold;
        restWindowFrames = restWindowFrames == null ? 31 : restWindowFrames;
        chatterWindowFrames = chatterWindowFrames == null ? ContactHistory.CHATTER_WINDOW : chatterWindowFrames;
        normalJumpAngleDeg = normalJumpAngleDeg == null ? ContactHistory.JUMP_ANGLE_DEG : normalJumpAngleDeg;
        velocityJumpTolerance = velocityJumpTolerance == null ? 0.001 : velocityJumpTolerance;
        relativeTolerance = relativeTolerance == null ? 0.01 : relativeTolerance;
        absoluteToleranceN = absoluteToleranceN == null ? 1e-9 : absoluteToleranceN;
        restitutionTolerance = restitutionTolerance == null ? 0.157 : restitutionTolerance;
        restVelocity = restVelocity == null ? 0.5 : restVelocity;
        momentumTolerance = momentumTolerance == null ? 1e-6 : momentumTolerance;
        quaternionTolerance = quaternionTolerance == null ? 1e-6 : quaternionTolerance;
        stateTolerance = stateTolerance == null ? 1e-6 : stateTolerance;
    }

    TriageArgs triage() {
        return new TriageArgs(energyThreshold, penetrationThreshold, slopM, velocityThreshold,
                limit(Check.all, 200), recording, angularVelocityThreshold, chatterWindowFrames, normalJumpAngleDeg,
                steadyOverlapMinFrames, restWindowFrames, velocityJumpTolerance, startFrame, endFrame);
    }

    AnomalyArgs energy() {
        return new AnomalyArgs(energyThreshold, startFrame, endFrame, limit(Check.energy, 5000), recording,
                includeExpected, lambdaUnit);
    }

    FrictionConeArgs frictionCone() {
        return new FrictionConeArgs(needed("frame_id", frameId), bodyId, relativeTolerance, absoluteToleranceN,
                recording, limit(Check.friction_cone, 500));
    }

    PenetrationArgs penetration() {
        return new PenetrationArgs(needed("frame_id", frameId), penetrationThreshold, recording);
    }

    RestingArgs resting() {
        return new RestingArgs(needed("frame_id", frameId), velocityThreshold, angularVelocityThreshold,
                restWindowFrames, recording);
    }

    RestitutionArgs restitution() {
        return new RestitutionArgs(startFrame, endFrame, restitutionTolerance, restVelocity,
                limit(Check.restitution, 5000), recording);
    }

    MomentumArgs momentum() {
        return new MomentumArgs(startFrame, endFrame, momentumTolerance, limit(Check.momentum, 5000), recording,
                lambdaUnit);
    }

    NonfiniteArgs nonfinite() {
        return new NonfiniteArgs(startFrame, endFrame, quaternionTolerance, limit(Check.nonfinite, 5000), recording);
    }

    RangeArgs solver() {
        return new RangeArgs(startFrame, endFrame, limit(Check.solver, 5000), recording);
    }

    ContactHistoryArgs contactHistory() {
        return new ContactHistoryArgs(needed("body_id", bodyId), needed("other_body_id", otherBodyId), startFrame,
                endFrame, limit(Check.contact_history, 5000), recording, chatterWindowFrames, normalJumpAngleDeg);
    }

    CompareArgs bodyMotion() {
        return new CompareArgs(needed("body_id", bodyId), startFrame, endFrame, recording, velocityJumpTolerance);
    }

    RecordingComparison.PairArgs pair() {
        Integer most = limit(Check.compare, 5000);
        return new RecordingComparison.PairArgs(recording, needed("other_recording", otherRecording), startFrame,
                endFrame, stateTolerance, most == null ? 20 : most);
    }

    /** {@code limit} as the check takes it: its own default when absent, refused above the check's own maximum. */
    private Integer limit(Check which, int max) {
        if (limit != null && limit > max) {
            throw ToolException.invalidArgument("limit", "an integer from 1 to " + max + " for check '" + which
                    + "'", limit);
        }
        return limit; // null: the check's record applies its default
    }

    private <T> T needed(String parameter, T value) {
        if (value == null) {
            throw ToolException.invalidArgument(parameter, "a value: check '" + check + "' needs " + parameter,
                    null);
        }
        return value;
    }
}
