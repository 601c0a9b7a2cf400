"""Imports one model file in Blender (run headless by scripts/check-blender.mjs) and prints what Blender made of it.

Usage: blender -b --factory-startup --python scripts/blender-import.py -- FILE
Prints one line starting with CHECK_BLENDER_JSON followed by a JSON object:
imported (true/false), error, triangles, extent [X, Y, Z] in Blender units (metres for glTF and OBJ;
for STL, the file's own numbers, which are millimetres), materials and textures found.
"""
import json
import os
import sys

# Debian's Blender 3.4 glTF importer calls numpy.bool, which the NumPy Debian ships no longer has.
import numpy

if not hasattr(numpy, "bool"):
    numpy.bool = bool

import bpy  # noqa: E402  (after the NumPy allowance)

MARK = "CHECK_BLENDER_JSON "


def report(result):
    # On a line of its own: Blender may leave a traceback on stdout without a newline.
    print("\n" + MARK + json.dumps(result), flush=True)


def first_reason(err):
    """The importer's own reason: the last line of its message that is not Blender's 'Location:' note."""
    lines = [l.strip() for l in str(err).splitlines() if l.strip() and not l.strip().startswith("Location:")]
    return lines[-1] if lines else type(err).__name__


def import_file(path):
    ext = os.path.splitext(path)[1].lower()
    if ext in (".glb", ".gltf"):
        bpy.ops.import_scene.gltf(filepath=path)
    elif ext == ".obj":
        # Blender 3.3+ has the C++ importer (wm.obj_import); older builds only the Python one.
        if hasattr(bpy.ops.wm, "obj_import"):
            bpy.ops.wm.obj_import(filepath=path)
        else:
            bpy.ops.import_scene.obj(filepath=path)
    elif ext == ".stl":
        bpy.ops.import_mesh.stl(filepath=path)
    else:
        raise ValueError("not a model Blender imports here (.glb, .gltf, .obj, .stl)")


def main():
    args = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    if len(args) != 1:
        report({"imported": False, "error": "give one file after --"})
        return
    path = os.path.abspath(args[0])
    result = {"file": path, "imported": False}
    # The factory scene's cube, camera and light are not the file's.
    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj, do_unlink=True)
    try:
        import_file(path)
    except Exception as err:  # the importer's own message is the finding
        result["error"] = first_reason(err)
        report(result)
        return
    depsgraph = bpy.context.evaluated_depsgraph_get()
    triangles = 0
    lo = [float("inf")] * 3
    hi = [float("-inf")] * 3
    materials = set()
    meshes = 0
    for obj in bpy.context.scene.objects:
        if obj.type != "MESH":
            continue
        meshes += 1
        evaluated = obj.evaluated_get(depsgraph)
        mesh = evaluated.to_mesh()
        mesh.calc_loop_triangles()
        triangles += len(mesh.loop_triangles)
        world = obj.matrix_world
        for v in mesh.vertices:
            p = world @ v.co
            for k in range(3):
                lo[k] = min(lo[k], p[k])
                hi[k] = max(hi[k], p[k])
        for slot in obj.material_slots:
            if slot.material:
                materials.add(slot.material.name)
        evaluated.to_mesh_clear()
    textures = []
    for image in bpy.data.images:
        if image.source != "FILE":
            continue
        found = image.packed_file is not None or (image.filepath and os.path.exists(bpy.path.abspath(image.filepath)))
        textures.append({"name": image.name, "found": bool(found), "size": list(image.size)})
    result.update(
        {
            "imported": True,
            "meshes": meshes,
            "triangles": triangles,
            "extent": [round(hi[k] - lo[k], 6) if hi[k] >= lo[k] else 0 for k in range(3)],
            "min": [round(lo[k], 6) if hi[k] >= lo[k] else 0 for k in range(3)],
            "materials": sorted(materials),
            "textures": textures,
        }
    )
    report(result)


main()
