{{/* The prefix of every object's name: the release name, with the chart's unless it already says it. */}}
{{- define "turnbook.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "turnbook.labels" -}}
app.kubernetes.io/part-of: turnbook
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{ include "turnbook.selector" . }}
{{- end -}}

{{- define "turnbook.selector" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* <registry>/<image>:<tag> */}}
{{- define "turnbook.image" -}}
{{- printf "%s/%s:%s" .root.Values.image.registry .image (default .root.Chart.AppVersion .root.Values.image.tag) -}}
{{- end -}}

{{/* A service's settings: its own over the defaults. */}}
{{- define "turnbook.service" -}}
{{- $own := index .root.Values.services .name -}}
{{- $svc := mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy $own) -}}
{{- /* a budget is one rule, minAvailable or maxUnavailable: a service's own replaces the default whole */ -}}
{{- if $own.pdb }}{{ $_ := set $svc "pdb" (deepCopy $own.pdb) }}{{ end -}}
{{- toYaml $svc -}}
{{- end -}}

{{/* One env entry read from a Secret. */}}
{{- define "turnbook.secretEnv" -}}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ required (printf "%s: the name of its Secret" .env) .ref.name }}
      key: {{ required (printf "%s: the key in its Secret" .env) .ref.key }}
{{- end -}}

{{/* A service's ConfigMap data: the settings it reads (its Deployment's checksum too). */}}
{{- define "turnbook.configData" -}}
{{- $root := .root -}}
{{- $name := .name -}}
{{- $full := include "turnbook.fullname" $root -}}
{{- $svc := include "turnbook.service" (dict "root" $root "name" $name) | fromYaml -}}
NODE_ENV: production
HOST: 0.0.0.0
PORT: {{ index $root.Values.ports $name | quote }}
{{- if not $root.Values.mongodb.existingSecret }}
MONGO_URL: {{ required "mongodb.url (or mongodb.existingSecret)" $root.Values.mongodb.url | quote }}
{{- end }}
{{- if not $root.Values.nats.existingSecret }}
NATS_URL: {{ required "nats.url (or nats.existingSecret)" $root.Values.nats.url | quote }}
{{- end }}
{{- range $callee := $svc.calls }}
{{ upper $callee }}_URL: {{ printf "http://%s-%s:%v" $full $callee (index $root.Values.ports $callee) | quote }}
{{- end }}
{{- range $k, $v := $root.Values.config }}
{{ $k }}: {{ $v | toString | quote }}
{{- end }}
{{- range $k, $v := $svc.env }}
{{ $k }}: {{ $v | toString | quote }}
{{- end }}
{{- end -}}
