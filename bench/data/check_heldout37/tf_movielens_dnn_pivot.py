import pandas as pd
import numpy as np
from keras.layers import Input, Embedding, Flatten, Dense, Concatenate
from keras.callbacks import ModelCheckpoint
import keras

pd.options.display.max_columns = 10 
pd.options.display.width = 134
pd.options.display.max_rows = 20

def build_rating_net(user_count, movie_count, embed_dim=500):
    user_in = Input(shape=[1])
    movie_in = Input(shape=[1])
    user_emb = Embedding(user_count, embed_dim, embeddings_initializer='random_normal')(user_in)
    user_emb = Flatten()(user_emb)
    movie_emb = Embedding(movie_count, embed_dim, embeddings_initializer='random_normal')(movie_in)
    movie_emb = Flatten()(movie_emb)
    joined = Concatenate()([user_emb, movie_emb])
    fc = Dense(150, activation='relu')(joined)
    fc = Dense(50, activation='relu')(fc)
    rating_out = Dense(1)(fc)
    model = keras.models.Model([user_in, movie_in], rating_out)
    model.compile(loss='mse', optimizer='adam')
    return model

train_df = pd.read_csv('train.csv')
train_df = train_df.sample(frac=1).reset_index(drop=True)
test_df = pd.read_csv('test.csv')
rating_table = pd.concat([train_df,test_df]).pivot('UserID','MovieID','Rating')
ckpt_path="dnnta-{epoch:02d}-{val_loss:.4f}.h5"
ckpt_cb = [ModelCheckpoint(ckpt_path, monitor='val_loss', verbose=1, save_best_only=True, mode='auto')]
model = build_rating_net(len(rating_table.index), len(rating_table.columns))
history = model.fit(x=[train_df['UserID'], train_df['MovieID']], y=train_df['Rating'], validation_split=0.1, epochs=8, verbose=1, batch_size=1024, callbacks=ckpt_cb)