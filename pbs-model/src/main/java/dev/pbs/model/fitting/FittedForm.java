package dev.pbs.model.fitting;

/** The parametric families a measured distribution is fitted with. */
public enum FittedForm {
    /**
     * The paper's form (Table 3): Pareto(xm, alpha) with probability {@code 1 - p}, else
     * Exponential(lambda) with probability p. Four parameters.
     */
    PARETO_EXPONENTIAL("pareto-exponential", "Pareto-exponential mixture"),
    /** LogNormal(mu, sigma): ln X ~ Normal(mu, sigma), X in milliseconds. Two parameters. */
    LOGNORMAL("lognormal", "lognormal");

    private final String text;
    private final String description;

    FittedForm(String text, String description) {
        this.text = text;
        this.description = description;
    }

    /** A short name for files and tools: {@code pareto-exponential} or {@code lognormal}. */
    public String text() {
        return text;
    }

    /** A name for people. */
    public String description() {
        return description;
    }
}
