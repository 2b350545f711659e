package dev.pbs.formats.report;

import dev.pbs.model.fitting.CandidateFit;
import dev.pbs.model.fitting.MessageFit;
import dev.pbs.model.fitting.ProfileFit;
import dev.pbs.model.profile.LatencyProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The fit report for people: one line per measured delay, then notes. */
public final class FitTable {

    private FitTable() {}

    /**
     * @param source the measured profile's file, as the user named it
     * @param out the fitted profile's file, as the user named it
     * @param fitted the fitted profile that was written
     */
    public static String render(ProfileFit fit, String source, String out, LatencyProfile fitted) {
        StringBuilder text = new StringBuilder();
        int count = fit.fits().size();
        text.append("pbs fit: profile ")
                .append(fit.measured().name())
                .append(" from ")
                .append(source)
                .append(", ")
                .append(count)
                .append(" measured delay")
                .append(count == 1 ? "" : "s")
                .append("; written to ")
                .append(out)
                .append(" as profile ")
                .append(fitted.name())
                .append("\n\n");
        TextTable table = new TextTable(
                List.of("delay", "chosen", "parameters", "observations", "NRMSE Pareto-exp", "NRMSE lognormal"), 3);
        List<String> notes = new ArrayList<>();
        for (MessageFit message : fit.fits()) {
            String delay = FitLabels.delay(message);
            Optional<CandidateFit> chosen = message.fit().chosen();
            table.addRow(List.of(
                    delay,
                    chosen.map(candidate -> candidate.form().text()).orElse("measured"),
                    chosen.map(FitLabels::parameterText).orElse("kept as measured"),
                    NumberText.count(message.measured().count()),
                    FitLabels.normalisedError(message.fit().paretoExponential()),
                    FitLabels.normalisedError(message.fit().logNormal())));
            for (CandidateFit candidate : message.fit().candidates()) {
                if (!candidate.converged()) {
                    notes.add(delay + ": " + candidate.problem() + "; "
                            + (chosen.isPresent()
                                    ? "the " + chosen.get().form().description() + " is used"
                                    : "the measured delay is kept")
                            + ".");
                }
            }
        }
        text.append(table.render());
        List<FitLabels.Kept> kept = FitLabels.kept(fit.measured());
        if (!notes.isEmpty() || !kept.isEmpty()) {
            text.append('\n');
        }
        for (String note : notes) {
            text.append("Note: ").append(note).append('\n');
        }
        if (!kept.isEmpty()) {
            text.append("Kept as they are (not measured): ")
                    .append(String.join(
                            ", ",
                            kept.stream()
                                    .map(delay -> delay.delay() + " (" + delay.type() + ")")
                                    .toList()))
                    .append('\n');
        }
        text.append("\nNRMSE: ").append(FitLabels.NRMSE_DEFINITION).append(".\n");
        return text.toString();
    }
}
