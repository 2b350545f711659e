/**
 * The request bodies of {@code POST /api/v1/predictions} and {@code POST /api/v1/recommendations}
 * as the OpenAPI document describes them. The answers are the records of {@code
 * dev.pbs.formats.wire} (and the profile file's of {@code dev.pbs.formats.profile}), which Jackson
 * writes and the document describes alike.
 */
package dev.pbs.service.api;
