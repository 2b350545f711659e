package dev.pbs.formats.report;

import dev.pbs.formats.wire.Sessions;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.SessionResult;
import java.util.List;

/** The {@link Sessions} record of a session simulation. */
final class SessionAnswer {

    private SessionAnswer() {}

    static Sessions of(SessionResult result) {
        return new Sessions(
                result.session().readIntervalMillis(),
                result.session().writesPerSecond(),
                result.session().trials(),
                result.configurations().stream()
                        .map(SessionAnswer::configuration)
                        .toList());
    }

    private static Sessions.Configuration configuration(SessionResult.Configuration result) {
        ProportionEstimate violation = result.monotonicReadsViolation();
        return new Sessions.Configuration(
                result.configuration().r(),
                result.configuration().w(),
                new Sessions.MonotonicReads(violation.estimate(), interval(violation), result.monotonicReadsBound()),
                result.readYourWrites().stream()
                        .map(point -> new Sessions.ReadYourWrites(
                                point.tMillis(), point.consistent().estimate(), interval(point.consistent())))
                        .toList());
    }

    private static List<Double> interval(ProportionEstimate estimate) {
        return List.of(estimate.lower(), estimate.upper());
    }
}
