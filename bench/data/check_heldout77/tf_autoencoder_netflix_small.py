# netflix_ae.py (re-expressed)
# an autoencoder for a course assignment on neural network programming
# spring term exercise

# Predicts a user's ratings for every movie from the ratings that
# user already gave,
# with a plain (non-variational) autoencoder.
# The data is a cut-down table from the Netflix Prize
# (https://netflixprize.com/).

# ratings.sparse.small.csv holds integers 0-5, one row per user and
# one column per movie.
# 1-5 are ratings;
# 0 means the movie was not rated.
# The table has 10,000 users and 4,499 movies.
# Its header row names the movies X1, X2, ..., X4499.

# No side information (genre or the like) is given.
# Whatever structure there is (a user who always gives 5, a
# movie nearly always rated 3, and so on) must be found by the
# network without labels.
# Success can only be judged by how well the network gives back
# the ratings that exist.

# A network that has found the real structure should give back
# the existing ratings of the held-out users as well.

# Every user is one example
# (one row of the table).
# A finer split would hold out single user-movie pairs and zero
# them in the training table instead (melt, pivot).
# The simpler split is good enough here.



import pandas as pd
import numpy as np
import sklearn.model_selection as skms
import tensorflow.keras.models as km
import tensorflow.keras.layers as kl
import tensorflow.keras.backend as K


# settings of the network and the run
train_share = 0.8 # train_size; 0.2 of the users are held out
hidden_units = 900 # width of the dense hidden layers
code_dim = 100 # width of the bottleneck
drop_rate = 0.8 # dropout probability
n_steps = 25000
batch = 64 # users per training step
n_fake_rounds = 1 # extra steps on the network's own output per step

# Note: n_steps should be about
#    (#epochs) * train_share * 10000 // batch ~ O(12500)

# output switches
report_every = 125 # how often predict prints progress
keep_models = False # write the trained models to disk


# The rating table.
# It is expected next to this script.
table_file = 'ratings.sparse.small.csv'

# Read the table with pandas.
print("\nreading the rating table.")
table_df = pd.read_csv(table_file)
_, n_movies = table_df.shape #(10000, 4499)

# Work on a float numpy array from here on.
table = table_df.to_numpy().astype(float)

# Split users into training and held-out sets.
# (train_test_split shuffles first.)
train_tab, test_tab = skms.train_test_split(table, train_size=train_share)

# Builds encoder, decoder and the full autoencoder.
def make_networks(code_width, width):

    # Every example is one user's row of
    # (n_movies) ratings.
    row_in = kl.Input(shape = (n_movies, ))

    ##########################################################################
    # encoder

    # squeeze the (n_movies) ratings into
    # the small code.
    h = kl.Dense(width, activation = 'relu')(row_in)
    h = kl.Dropout(drop_rate)(h)
    code = kl.Dense(code_width, activation = 'linear')(h)

    # the encoder on its own.
    enc = km.Model(inputs = row_in, outputs = code)

    ##########################################################################
    # decoder
    # takes a code as its input.
    code_in = kl.Input(shape = (code_width, ))

    # expand the code back into
    # a full row of ratings.
    h = kl.Dense(width, activation = 'relu')(code_in)
    h = kl.Dropout(drop_rate)(h)
    row_out = kl.Dense(n_movies, activation = 'relu')(h)

    # the decoder on its own.
    dec = km.Model(inputs = code_in, outputs = row_out)

    ##########################################################################
    # both together
    rebuilt = dec(enc(row_in))
    whole = km.Model(inputs = row_in, outputs = rebuilt)

    ##########################################################################

    return enc, dec, whole


# Build the three networks.
print("building the network.\n")
encoder, decoder, net = make_networks(code_dim, hidden_units)


# Unrated movies are zeros and must not count
# in the loss.
# Masked mean squared error:
def masked_mse(y_true, y_pred):

    # both are (n_movies,)-wide rows.
    # Only the ratings that exist (1-5) are to be
    # reproduced; any value is fine where the user
    # rated nothing.

    # 1.0 where a rating exists,
    # 0.0 where it does not.
    seen = K.cast(K.not_equal(y_true, 0.0), K.floatx())

    # squared error on the rated cells only.
    sq = K.square((y_true - y_pred) * seen)

    # mean over the rated cells.
    return K.sum(sq) / K.sum(seen)


print("\ncompiling.")
net.compile(loss =  masked_mse, optimizer = 'rmsprop')

print("model summary:\n")
net.summary()

# training loop.
print("\ntraining.\n")
verb = 0 # verbosity for predict
for step in range(n_steps):
    
    if step % report_every == 0:
        print("step: ", step)
        verb = 1

    # a random batch of users and their real ratings.
    # (no repeats inside one batch.)
    picks = np.random.choice(len(train_tab), batch, replace = False)
    real = train_tab[picks]

    # one step on the real ratings.
    res = net.train_on_batch(real, real)

    for j in range(n_fake_rounds):

        # another batch, pushed through the network.
        picks = np.random.choice(len(train_tab), batch, replace = False)
        real = train_tab[picks]
        fake = net.predict(real, 
            batch_size = batch, verbose = verb)

        # one step from the network's own output back
        # to the real ratings.
        res = net.train_on_batch(fake, real)

    # quiet again
    verb = 0


# loss on the training users.
score = net.evaluate(train_tab, train_tab)
print("training score:", score)

# loss on the held-out users.
# (reported the same way)
score = net.evaluate(test_tab, test_tab)
print("test score:", score)

print("\nmodel summary once more:\n")
net.summary()

# write the models.
if keep_models:
    net.save('netflix_ae.h5')
    encoder.save('netflix_ae.h5')
    decoder.save('netflix_ae.h5')
