# fetch first with: kaggle datasets download -d rounakbanik/the-movies-dataset

import kaggle
import shutil
import os
import pandas as pd
import numpy as np
from collections import Counter
from sklearn.utils import shuffle


def unpack_archive():
    if not os.path.exists('data'):
        shutil.unpack_archive('archive.zip', 'data')


# keep only the N most active users and the M most rated movies, then cut
# the remaining rows into a fit part and a held-out part
def load_top_subset(N, M):
    table = pd.read_csv('data/ratings.csv')
    table = table.drop(columns='timestamp')
    every_movie = table['userId'].unique()
    every_user = table['movieId'].unique()

    user_total = len(every_movie)
    movie_total = len(every_user)

    print("users in file:", user_total)
    print("movies in file:", movie_total)

    table = shuffle(table)

    per_user = Counter(table['userId'])
    busiest_users = np.array(per_user.most_common())[:, 0]

    per_movie = Counter(table['movieId'])
    busiest_movies = np.array(per_movie.most_common())[:, 0]

    every_user = busiest_users[:N]
    every_movie = busiest_movies[:M]

    subset = table[table['userId'].isin(every_user) & table['movieId'].isin(every_movie)]

    cut = int(len(subset) * 0.8)
    fit_part = subset[:cut]
    held_part = subset[cut:]

    return subset,fit_part, held_part, every_user, every_movie


def build_id_maps(every_user, every_movie):
    u2row = {}
    m2col = {}

    row2u = {}
    col2m = {}

    k = 0
    for u in every_user:
        u2row[u] = k
        row2u[k] = u
        k += 1

    k = 0
    for m in every_movie:
        m2col[m] = k
        col2m[k] = m
        k += 1

    return u2row, m2col, row2u, col2m


# movies and scores of one user, restricted to the kept movies
def user_rows(frame, uid, every_movie):
    rows = frame[frame['userId'] == uid]
    keep = rows['movieId'].isin(every_movie)
    mids = rows['movieId'][keep]
    scores = rows['rating'][keep]

    return mids, scores


# users who rated one movie, restricted to the kept users
def movie_rows(frame, mid, every_user):
    rows = frame[frame['movieId'] == mid]
    uids = rows['userId'][rows['userId'].isin(every_user)]

    return uids


# four lookups:
# u2items - new user id -> array of new movie ids it rated
# pair2score - (user, movie) -> score
# m2user_scores - new movie id -> (user ids, scores)
# m2users - new movie id -> array of new user ids
def build_lookups(frame, every_user, every_movie, u2row, m2col):
    M = len(every_movie)

    u2items = {}
    pair2score = {}
    m2user_scores = {}
    m2users = {}
    for uid in every_user:
        mids, scores = user_rows(frame, uid, every_movie)
        u_new = u2row[uid]
        m_new = np.array([m2col[mid] for mid in mids])
        u2items[u_new] = m_new

        for mm, sc in zip(m_new, scores):
            pair2score[(u_new, mm)] = sc

    for mid in every_movie:
        col = m2col[mid]
        raters = movie_rows(frame, mid, every_user)
        raters_new = np.array([u2row[uid] for uid in raters])
        m2users[col] = raters_new

    for j in range(M):
        raters_j = m2users[j]
        scores_j = np.array([pair2score[(i, j)] for i in raters_j])
        m2user_scores[j] = (raters_j, scores_j)

    return u2items, pair2score, m2users, m2user_scores
