/**
 * The records on the wire: what the REST service answers and what {@code --format json} prints,
 * written by Jackson with {@link dev.pbs.formats.json.JsonMapping} and described, through their
 * swagger {@code @Schema} annotations, by the service's OpenAPI document, so that the document and
 * the answers cannot part. Field names are the API's snake_case ones ({@code @JsonProperty}); a
 * record writes every field, {@code null} included, unless the field says
 * {@code @JsonInclude(NON_NULL)}. The records hold data only: {@code dev.pbs.formats.report}
 * builds them from the engine's results. The profile file's records are in {@code
 * dev.pbs.formats.profile}.
 */
package dev.pbs.formats.wire;
