/**
 * The vocabulary the endpoint catalogue is written in.
 *
 * A field spec says everything the spec's tables say about one request field
 * (type, required-ness, default, enum values, bounds, where it travels) plus
 * the few words a form needs (label, help). The zod schemas, the client's
 * request encoder, the sandbox's validator and the renderer's forms are all
 * derived from these specs. An endpoint spec (at the end) gathers an
 * endpoint's fields with its method, path, cross-field rules and surcharges.
 */
import type { FileKind } from './file-types';

/** Where a field travels: JSON body, multipart form part, or the query string. */
export type FieldLocation = 'body' | 'form' | 'query';

interface FieldBase {
  /** Label shown next to the control. */
  label: string;
  /** One line of help from the spec's notes. */
  help?: string;
  /** true: always required; false: optional. Conditional rules live in the endpoint's `rules`. */
  required: boolean;
  /** Defaults to 'body' for JSON endpoints and 'form' for multipart ones. */
  location?: FieldLocation;
  /** Present in the spec but ignored by the service (retired); never sent. */
  retired?: boolean;
}

export interface StringField extends FieldBase {
  type: 'string';
  maxLength?: number;
  default?: string;
  /** A prompt: forms show a live character count against maxLength. */
  prompt?: boolean;
  /** Free text that is a URL. */
  url?: boolean;
  /** A style: forms offer Auto, the styles used before, or any name typed (the spec lists no built-in values). */
  style?: boolean;
}

export interface EnumField extends FieldBase {
  type: 'enum';
  values: readonly string[];
  /** What a person reads for a value ("None (no texture)" for `none`); the value sent stays the spec's. See `optionLabel`. */
  labels?: Readonly<Partial<Record<string, string>>>;
  default?: string;
}

export interface IntegerField extends FieldBase {
  type: 'integer';
  min?: number;
  max?: number;
  default?: number;
  /** Only these values are allowed (the spritesheet frame count). */
  oneOf?: readonly number[];
}

export interface BooleanField extends FieldBase {
  type: 'boolean';
  default?: boolean;
}

/** An integer sent as a string of digits (multi-image `FaceCount`). */
export interface NumericStringField extends FieldBase {
  type: 'numeric-string';
  min?: number;
  max?: number;
}

/** A boolean sent as the string `true` or `false` (multi-image `EnablePBR`). */
export interface BooleanStringField extends FieldBase {
  type: 'boolean-string';
  default?: 'true' | 'false';
}

export interface FileField extends FieldBase {
  type: 'file';
  accept: FileKind;
  maxBytes: number;
}

/**
 * The id of an earlier job owned by the caller. `sourceKinds` lists the
 * endpoints whose jobs fit here, so pickers can offer only those.
 */
export interface JobRefField extends FieldBase {
  type: 'job-ref';
  sourceKinds: readonly string[];
  /** Only successful source jobs are accepted (text-to-image's reference image). */
  successfulOnly?: boolean;
}

export interface ObjectField extends FieldBase {
  type: 'object';
  fields: Readonly<Record<string, FieldSpec>>;
}

export interface ArrayField extends FieldBase {
  type: 'array';
  items: ObjectField;
}

export type FieldSpec =
  | StringField
  | EnumField
  | IntegerField
  | BooleanField
  | NumericStringField
  | BooleanStringField
  | FileField
  | JobRefField
  | ObjectField
  | ArrayField;

export type FieldType = FieldSpec['type'];

/** Whether the service answers the endpoint yet. */
export type Availability = 'available' | 'coming-soon';
/** What a finished job of the endpoint gives the caller. */
export type Produces = 'model' | 'image' | 'skybox' | 'motion' | 'parts' | 'none';
/** How the endpoint answers a successful call. */
export type ResponseKind = 'job' | 'job-with-meta' | 'job-inline' | 'glb' | 'job-resource';

/** A rule that spans several fields (the spec's conditional requirements). */
export interface CrossFieldRule {
  id: string;
  /** The field a violation is reported on. */
  field: string;
  /** The service's wording (the sandbox answers a 422 with it), in field names. */
  message: string;
  /** The same in an artist's words, for the screen: no field names. */
  plain: string;
  /** True when the request satisfies the rule. Receives the request's field values. */
  check: (values: Readonly<Record<string, unknown>>) => boolean;
}

export interface EndpointSpec {
  /** Stable id; also the generation "kind" stored with each job. */
  id: string;
  method: 'POST' | 'GET';
  /** Path relative to {base_url}; `{jobId}` is a path parameter. */
  path: string;
  contentType: 'application/json' | 'multipart/form-data' | 'none';
  availability: Availability;
  produces: Produces;
  response: ResponseKind;
  /** Section of the spec, for grouping. */
  group: '3D generation' | 'Model tools' | 'Animation' | '2D images' | 'Environments' | 'Jobs';
  /** The name users see ("Generation type" entries). */
  label: string;
  summary: string;
  fields: Readonly<Record<string, FieldSpec>>;
  rules?: readonly CrossFieldRule[];
  /** The endpoint accepts the optional `apiVersion` field. */
  versioned: boolean;
  /** Extra credits apply for some choices (quads, high face counts): forms say so before submitting. */
  surcharges?: readonly { field: string; when: (value: unknown) => boolean; note: string }[];
}
