from scipy.io import loadmat
from datetime import datetime
import os
import numpy as np

def age_at(year_shot, born):
    bdate = datetime.fromordinal(max(int(born) - 366, 1))

    # taken mid-year by assumption
    if bdate.month < 7:
        return year_shot - bdate.year
    else:
        return year_shot - bdate.year - 1


def read_meta(mat_file, tag):
    m = loadmat(mat_file)
    paths = m[tag][0, 0]["full_path"][0]
    born = m[tag][0, 0]["dob"][0]  # Matlab day number
    sex = m[tag][0, 0]["gender"][0]
    shot_year = m[tag][0, 0]["photo_taken"][0]  # year of the photo
    fscore = m[tag][0, 0]["face_score"][0]
    fscore2 = m[tag][0, 0]["second_face_score"][0]
    ages = [age_at(shot_year[k], born[k]) for k in range(len(born))]

    return paths, born, sex, shot_year, fscore, fscore2, ages


def load_mat(mat_file):
    blob = loadmat(mat_file)

    return blob["image"], blob["gender"][0], blob["age"][0], blob["db"][0], blob["img_size"][0, 0], blob["min_score"][0, 0]

def load_npz(npz_file):
    blob = np.load(npz_file)

    return blob["image"], blob["gender"], blob["age"], blob["img_size"]

def ensure_dir(folder):
    try:
        os.mkdir( folder )
    except OSError:
        pass
