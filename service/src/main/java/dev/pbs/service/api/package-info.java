/**
 * The request body of {@code POST /api/v1/predictions} as the OpenAPI document describes it; the
 * service reads it field by field in {@code requests.PredictionRequestReader}. (The recommendation's
 * body is {@code requests.RecommendationRequestBody}, which Jackson reads.) The answers are the
 * records of {@code dev.pbs.formats.wire} (and the profile file's of {@code
 * dev.pbs.formats.profile}), which Jackson writes and the document describes alike.
 */
package dev.pbs.service.api;
