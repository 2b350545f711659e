package dev.pbs.model.profile;

/**
 * Where an operation's coordinator sits: in a datacenter chosen uniformly at random among the
 * replicas' datacenters, independently for every write and every read, or always in one fixed
 * ("local") datacenter.
 */
public record CoordinatorPlacement(int fixedDatacenter) {

    /** Uniformly at random among the replicas' datacenters, per operation. */
    public static final CoordinatorPlacement RANDOM = new CoordinatorPlacement(-1);

    public CoordinatorPlacement {
        if (fixedDatacenter < -1) {
            throw new IllegalArgumentException("coordinator datacenter must be >= 0, was " + fixedDatacenter);
        }
    }

    /** Always in the given datacenter. */
    public static CoordinatorPlacement fixed(int datacenter) {
        if (datacenter < 0) {
            throw new IllegalArgumentException("coordinator datacenter must be >= 0, was " + datacenter);
        }
        return new CoordinatorPlacement(datacenter);
    }

    public boolean isRandom() {
        return fixedDatacenter < 0;
    }

    /** The text form used in profile files: {@code random} or {@code dc:K}. */
    public String text() {
        return isRandom() ? "random" : "dc:" + fixedDatacenter;
    }

    /** Parses {@code random} or {@code dc:K}. */
    public static CoordinatorPlacement parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("coordinator placement is missing");
        }
        String trimmed = text.trim();
        if (trimmed.equals("random")) {
            return RANDOM;
        }
        if (trimmed.startsWith("dc:")) {
            try {
                return fixed(Integer.parseInt(trimmed.substring(3)));
            } catch (NumberFormatException notANumber) {
                // fall through to the message below
            }
        }
        throw new IllegalArgumentException(
                "coordinator must be 'random' or 'dc:K' with K a datacenter number, was '" + trimmed + "'");
    }
}
