package dev.pbs.service.slas;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.RequirementParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One configuration a probe predicts at every refresh, under {@code slas:} in its YAML, with the
 * requirements it must meet:
 * <ul>
 *   <li>{@code writeLevel}, {@code readLevel} (required): Cassandra's consistency levels, {@value
 *       ConsistencyLevel#NAMES};</li>
 *   <li>{@code readDatacenter}: for a cluster with datacenters, the datacenter whose reads are
 *       predicted (default: each datacenter, one set of figures each);</li>
 *   <li>{@code require}: requirements in {@code ./pbs tune}'s language, e.g. {@code
 *       window@0.999<=50ms}, {@code consistency@10ms>=0.999}, {@code read.p99<=20ms} (default none:
 *       the configuration is predicted and exported, with no SLA).</li>
 * </ul>
 */
public class SlaConfiguration {

    private String writeLevel;
    private String readLevel;
    private String readDatacenter;
    private List<String> require = new ArrayList<>();

    /**
     * The validated SLA.
     *
     * @param where the setting's place in the YAML, for messages ({@code slas[0]})
     * @throws IllegalArgumentException naming the setting at fault
     */
    public LiveSla toSla(String where) {
        ConsistencyLevel write = ConsistencyLevel.parse(where + ".writeLevel", writeLevel);
        ConsistencyLevel read = ConsistencyLevel.parse(where + ".readLevel", readLevel);
        if (readDatacenter != null && readDatacenter.isBlank()) {
            throw new IllegalArgumentException(where + ".readDatacenter is empty");
        }
        List<Requirement> requirements = new ArrayList<>();
        List<String> texts = require == null ? List.of() : require;
        for (int index = 0; index < texts.size(); index++) {
            try {
                requirements.add(RequirementParser.parse(texts.get(index)));
            } catch (IllegalArgumentException invalid) {
                throw new IllegalArgumentException(where + ".require[" + index + "]: " + invalid.getMessage(), invalid);
            }
        }
        return new LiveSla(write, read, Optional.ofNullable(readDatacenter), requirements);
    }

    @JsonProperty
    public String getWriteLevel() {
        return writeLevel;
    }

    @JsonProperty
    public void setWriteLevel(String writeLevel) {
        this.writeLevel = writeLevel;
    }

    @JsonProperty
    public String getReadLevel() {
        return readLevel;
    }

    @JsonProperty
    public void setReadLevel(String readLevel) {
        this.readLevel = readLevel;
    }

    @JsonProperty
    public String getReadDatacenter() {
        return readDatacenter;
    }

    @JsonProperty
    public void setReadDatacenter(String readDatacenter) {
        this.readDatacenter = readDatacenter;
    }

    @JsonProperty
    public List<String> getRequire() {
        return require;
    }

    @JsonProperty
    public void setRequire(List<String> require) {
        this.require = require;
    }
}
