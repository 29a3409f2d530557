import numpy as np
import cv2
import scipy.io
import argparse
from tqdm import tqdm
from utils import read_meta


def parse_cli():
    ap = argparse.ArgumentParser(description="Filter the noisy IMDB-WIKI labels "
                                                 "and pack the faces into one npz.",
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--output", "-o", type=str, required=True,
                        help="npz to write")
    ap.add_argument("--db", type=str, default="wiki",
                        help="imdb or wiki")
    ap.add_argument("--img_size", type=int, default=64,
                        help="side of the saved face")
    ap.add_argument("--min_score", type=float, default=1.0,
                        help="lowest face_score kept")
    opts = ap.parse_args()
    return opts


def main():
    opts = parse_cli()
    out_file = opts.output
    db = opts.db
    img_size = opts.img_size
    min_score = opts.min_score

    root = "./{}_crop/".format(db)
    mat_file = root + "{}.mat".format(db)
    paths, born, sex, shot_year, fscore, fscore2, ages = read_meta(mat_file, db)

    kept_sex = []
    kept_age = []
    kept_faces = []

    for k in tqdm(range(len(fscore))):
        if fscore[k] < min_score:
            continue

        if (~np.isnan(fscore2[k])) and fscore2[k] > 0.0:
            continue

        if ~(0 <= ages[k] <= 100):
            continue

        if np.isnan(sex[k]):
            continue

        kept_sex.append(int(sex[k]))
        kept_age.append(ages[k])
        pic = cv2.imread(root + str(paths[k][0]))
        kept_faces.append(cv2.resize(pic, (img_size, img_size)))

    np.savez(out_file,image=np.array(kept_faces), gender=np.array(kept_sex), age=np.array(kept_age), img_size=img_size)

if __name__ == '__main__':
    main()
