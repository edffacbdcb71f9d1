// Writes kubeconform's JSON schemas for the kinds the Helm chart (deploy/helm) renders, from the Go
// types of k8s.io/api itself: kubeconform downloads its schemas from the internet by default, which CI
// cannot reach. Strict like kubeconform's "-strict" schemas: an unknown field is an error; a field
// without `omitempty` is required (the API's convention); apiVersion and kind must match.
//
//	go run . <out dir>     one <kind><-group>-<version>.json per kind (kubeconform's KindSuffix naming)
//	go run . schemas       the copy the chart test reads (kept in the repository: see kube-tools.mjs)
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

type kind struct {
	group, version, name string
	obj                  any
}

var kinds = []kind{
	{"apps", "v1", "Deployment", appsv1.Deployment{}},
	{"", "v1", "Service", corev1.Service{}},
	{"", "v1", "ConfigMap", corev1.ConfigMap{}},
	{"", "v1", "ServiceAccount", corev1.ServiceAccount{}},
	{"autoscaling", "v2", "HorizontalPodAutoscaler", autoscalingv2.HorizontalPodAutoscaler{}},
	{"policy", "v1", "PodDisruptionBudget", policyv1.PodDisruptionBudget{}},
	{"networking.k8s.io", "v1", "Ingress", networkingv1.Ingress{}},
}

type schema = map[string]any

// Types whose JSON is not their Go struct (custom marshalling).
var special = map[reflect.Type]schema{
	reflect.TypeOf(resource.Quantity{}):    {"oneOf": []schema{{"type": "string"}, {"type": "number"}}},
	reflect.TypeOf(intstr.IntOrString{}):   {"oneOf": []schema{{"type": "string"}, {"type": "integer"}}},
	reflect.TypeOf(metav1.Time{}):          {"type": []string{"string", "null"}, "format": "date-time"},
	reflect.TypeOf(metav1.MicroTime{}):     {"type": []string{"string", "null"}, "format": "date-time"},
	reflect.TypeOf(metav1.Duration{}):      {"type": "string"},
	reflect.TypeOf(runtime.RawExtension{}): {"type": "object"},
	reflect.TypeOf(metav1.FieldsV1{}):      {"type": "object"},
}

func of(t reflect.Type, seen map[reflect.Type]bool) schema {
	if s, ok := special[t]; ok {
		return s
	}
	switch t.Kind() {
	case reflect.Pointer:
		return of(t.Elem(), seen)
	case reflect.String:
		return schema{"type": "string"}
	case reflect.Bool:
		return schema{"type": "boolean"}
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return schema{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return schema{"type": "number"}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return schema{"type": "string"} // []byte is base64
		}
		return schema{"type": []string{"array", "null"}, "items": of(t.Elem(), seen)}
	case reflect.Map:
		return schema{"type": []string{"object", "null"}, "additionalProperties": of(t.Elem(), seen)}
	case reflect.Interface:
		return schema{}
	case reflect.Struct:
		if seen[t] { // recursive types (JSONSchemaProps) are not in the kinds above; stop rather than loop
			return schema{"type": "object"}
		}
		seen[t] = true
		defer delete(seen, t)
		props, required := schema{}, []string{}
		fields(t, seen, props, &required)
		s := schema{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			s["required"] = required
		}
		return s
	}
	panic(fmt.Sprintf("no schema for %s (%s)", t, t.Kind()))
}

func fields(t reflect.Type, seen map[reflect.Type]bool, props schema, required *[]string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if strings.Contains(opts, "inline") || (f.Anonymous && name == "") {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			fields(ft, seen, props, required)
			continue
		}
		if name == "" {
			name = f.Name
		}
		props[name] = of(f.Type, seen)
		if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") && f.Type.Kind() != reflect.Pointer {
			*required = append(*required, name)
		}
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: kube-schemas <out dir>")
		os.Exit(2)
	}
	out := os.Args[1]
	if err := os.MkdirAll(out, 0o755); err != nil {
		panic(err)
	}
	for _, k := range kinds {
		s := of(reflect.TypeOf(k.obj), map[reflect.Type]bool{})
		apiVersion, suffix := k.version, "-"+k.version
		if k.group != "" {
			apiVersion = k.group + "/" + k.version
			suffix = "-" + strings.Split(k.group, ".")[0] + "-" + k.version
		}
		props := s["properties"].(schema)
		props["apiVersion"] = schema{"type": "string", "enum": []string{apiVersion}}
		props["kind"] = schema{"type": "string", "enum": []string{k.name}}
		s["required"] = append([]string{"apiVersion", "kind", "metadata"}, without(s["required"], "apiVersion", "kind", "metadata")...)
		s["$schema"] = "http://json-schema.org/draft-07/schema#"
		body, err := json.MarshalIndent(s, "", " ")
		if err != nil {
			panic(err)
		}
		file := filepath.Join(out, strings.ToLower(k.name)+suffix+".json")
		if err := os.WriteFile(file, append(body, '\n'), 0o644); err != nil {
			panic(err)
		}
	}
	// What they were written from, so a test can tell when go.mod moved on without them.
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "k8s.io/api" {
				if err := os.WriteFile(filepath.Join(out, "source.txt"), []byte(d.Path+" "+d.Version+"\n"), 0o644); err != nil {
					panic(err)
				}
			}
		}
	}
}

func without(list any, names ...string) []string {
	keep := []string{}
	items, _ := list.([]string)
	for _, n := range items {
		drop := false
		for _, x := range names {
			drop = drop || n == x
		}
		if !drop {
			keep = append(keep, n)
		}
	}
	return keep
}
