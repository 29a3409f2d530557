# keras pieces
from tensorflow.keras.models import Model
from sklearn.utils import shuffle
from tensorflow.keras.layers import Input, Dense, Embedding, Flatten, Concatenate

# numeric and plotting
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt

# data source (MovieLens 20M)
# download ml-20m.zip from grouplens
# and unpack it next to this script

# ratings table
ratings_df = pd.read_csv('ml-20m/ratings.csv')
ratings_df.head()
# dense 0..n-1 ids for users and movies
ratings_df.userId = pd.Categorical(ratings_df.userId)
ratings_df['uidx'] = ratings_df.userId.cat.codes

ratings_df.movieId = pd.Categorical(ratings_df.movieId)
ratings_df['midx'] = ratings_df.movieId.cat.codes

uid_arr = ratings_df['uidx'].values
mid_arr = ratings_df['midx'].values
score_arr = ratings_df['rating'].values
# table sizes for the embeddings
n_users = len(set(uid_arr))
n_movies = len(set(mid_arr))
# embedding width
emb_dim = 10

# network
# one id per input
user_in = Input(shape=(1,))
movie_in = Input(shape=(1,))
# id -> vector
user_vec = Embedding(n_users, emb_dim)(user_in) # batch x 1 x emb_dim
movie_vec = Embedding(n_movies, emb_dim)(movie_in) # batch x 1 x emb_dim

user_vec = Flatten()(user_vec) # batch x emb_dim
movie_vec = Flatten()(movie_vec) # batch x emb_dim
# join the two vectors
h = Concatenate()([user_vec, movie_vec]) # batch x 2*emb_dim
# dense head
h = Dense(512, activation='relu')(h)
h = Dense(256, activation='relu')(h)
h = Dense(128, activation='relu')(h)
h = Dense(1)(h)

net = Model(inputs=[user_in, movie_in], outputs=h)
net.compile(
  loss='mse',
  optimizer="adam",
)
# shuffle, then 80/20 split
uid_arr, mid_arr, score_arr = shuffle(uid_arr, mid_arr, score_arr)
n_train = int(0.8 * len(score_arr))
tr_uid = uid_arr[:n_train]
tr_mid = mid_arr[:n_train]
tr_score = score_arr[:n_train]

te_uid = uid_arr[n_train:]
te_mid = mid_arr[n_train:]
te_score = score_arr[n_train:]
# training
hist = net.fit(
  x=[tr_uid, tr_mid],
  y=tr_score,
  epochs=50,
  batch_size=1024,
  verbose=2, # one line per epoch
  validation_data=([te_uid, te_mid], te_score),
)
# curves
plt.plot(hist.history['loss'], label="train mse")
plt.plot(hist.history['val_loss'], label="held-out mse")
plt.legend()
plt.show()

