import os
import cv2
import numpy as np
from sklearn.model_selection import train_test_split

# ------------------------------
# settings
# ------------------------------
FLOW_ROOT = "data/ucf50_prep/flows"
OUT_DIR = "data/ucf50_arrays"

RESIZE_TO = None
HOLDOUT = 0.2
SEED = 42

# ------------------------------
# helpers
# ------------------------------
def make_dir(p):
    if not os.path.exists(p):
        os.makedirs(p)

def read_flow_clip(clip_dir, resize_to=RESIZE_TO):
    """
    Read one clip's flow images into a [T, H, W, 2] uint8 array.
    Every step is stored as an x image and a y image.
    """
    x_names = sorted([n for n in os.listdir(clip_dir) if n.endswith("_flowx.jpg")])
    steps = []

    for nx in x_names:
        ny = nx.replace("_flowx", "_flowy")
        px = os.path.join(clip_dir, nx)
        py = os.path.join(clip_dir, ny)
        if not os.path.exists(px) or not os.path.exists(py):
            continue

        # single-channel reads
        gx = cv2.imread(px, cv2.IMREAD_GRAYSCALE)
        gy = cv2.imread(py, cv2.IMREAD_GRAYSCALE)

        if resize_to is not None:
            gx = cv2.resize(gx, resize_to)
            gy = cv2.resize(gy, resize_to)

        # two channels last
        step = np.stack([gx, gy], axis=-1)
        steps.append(step)

    if len(steps) == 0:
        return None

    # a zero step in front so lengths match the RGB frames
    steps = np.array(steps, dtype=np.uint8)
    zero_step = np.zeros_like(steps[0], dtype=np.uint8)
    steps = np.concatenate([zero_step[None], steps], axis=0)

    return steps

# ------------------------------
# entry point
# ------------------------------
def main():
    make_dir(OUT_DIR)

    class_names = sorted(os.listdir(FLOW_ROOT))
    print(f"{len(class_names)} classes: {class_names}")

    clips, targets, clip_keys = [], [], []

    for cid, cname in enumerate(class_names):
        cdir = os.path.join(FLOW_ROOT, cname)
        if not os.path.isdir(cdir):
            continue

        clip_names = sorted(os.listdir(cdir))
        print(f"class {cname}: {len(clip_names)} clips")

        for cn in clip_names:
            cpath = os.path.join(cdir, cn)
            steps = read_flow_clip(cpath)
            if steps is None:
                print(f"no flow in {cn}, skipped")
                continue

            clips.append(steps)
            targets.append(cid)
            clip_keys.append(f"{cname}/{cn}")

        print(f"class {cname} finished")

    clips = np.array(clips, dtype=object)
    targets = np.array(targets)
    print(f"{len(clips)} clips read")

    # stratified split of indices
    fit_idx, hold_idx = train_test_split(
        np.arange(len(clips)),
        test_size=HOLDOUT,
        random_state=SEED,
        stratify=targets
    )

    x_fit, y_fit, k_fit = clips[fit_idx], targets[fit_idx], [clip_keys[i] for i in fit_idx]
    x_hold, y_hold, k_hold = clips[hold_idx], targets[hold_idx], [clip_keys[i] for i in hold_idx]

    print(f"{len(x_fit)} fit clips, {len(x_hold)} held-out clips")

    # write compressed archives
    fit_file = os.path.join(OUT_DIR, "fit_flow.npz")
    hold_file = os.path.join(OUT_DIR, "hold_flow.npz")

    np.savez_compressed(fit_file, X=x_fit, y=y_fit, ids=k_fit)
    np.savez_compressed(hold_file, X=x_hold, y=y_hold, ids=k_hold)

    print(f"wrote {fit_file}")
    print(f"wrote {hold_file}")


if __name__ == "__main__":
    main()
