package dev.pbs.model.fitting;

import dev.pbs.model.distribution.LatencyDistribution;
import java.util.Objects;
import java.util.Optional;

/**
 * One parametric family fitted to a measured distribution: the fitted distribution and its NRMSE
 * (see {@link MeasuredQuantiles}), or, when the optimiser did not converge, why not.
 *
 * @param form the family
 * @param distribution the fitted distribution; {@code null} when the fit failed
 * @param normalisedError the NRMSE of the fit against the measured distribution; NaN when it failed
 * @param problem why the fit failed; {@code null} when it converged
 */
public record CandidateFit(FittedForm form, LatencyDistribution distribution, double normalisedError, String problem) {

    public CandidateFit {
        Objects.requireNonNull(form, "fitted form");
        if ((distribution == null) == (problem == null)) {
            throw new IllegalArgumentException("a candidate fit has either a distribution or a problem");
        }
        if (distribution != null && !(normalisedError >= 0)) {
            throw new IllegalArgumentException("NRMSE must be >= 0, was " + normalisedError);
        }
    }

    static CandidateFit converged(FittedForm form, LatencyDistribution distribution, double normalisedError) {
        return new CandidateFit(form, distribution, normalisedError, null);
    }

    static CandidateFit failed(FittedForm form, String problem) {
        return new CandidateFit(form, null, Double.NaN, problem);
    }

    public boolean converged() {
        return problem == null;
    }

    /** The fitted distribution, if the fit converged. */
    public Optional<LatencyDistribution> fitted() {
        return Optional.ofNullable(distribution);
    }
}
