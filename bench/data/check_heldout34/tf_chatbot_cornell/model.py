import numpy as np
from tensorflow.keras import optimizers
from tensorflow.keras import layers
from tensorflow.keras.models import Model

import config as conf

class ContextAnswerNet(Model):
  def __init__(self, weights_path=None, glove_matrix=None):
    super(ContextAnswerNet, self).__init__()

    # one embedding table used by both encoders
    shared_embed = None
    if weights_path == None:
        shared_embed = layers.Embedding(output_dim=conf.EMBED_DIM, input_dim=conf.VOCAB_SIZE, input_length=conf.SEQ_LEN, weights=[glove_matrix])
    else:
        shared_embed = layers.Embedding(output_dim=conf.EMBED_DIM, input_dim=conf.VOCAB_SIZE, input_length=conf.SEQ_LEN)
        
    # first input: the context sentence
    self.context_in = layers.Input(shape=(conf.SEQ_LEN,), dtype="int32")
    self.context_embed = shared_embed
    # context LSTM
    self.context_lstm = layers.LSTM(conf.LSTM_DIM, kernel_initializer="lecun_uniform") 

    # second input: the answer so far
    self.answer_in = layers.Input(shape=(conf.SEQ_LEN,), dtype="int32")
    self.answer_embed = shared_embed
    # answer LSTM
    self.answer_lstm = layers.LSTM(conf.LSTM_DIM, kernel_initializer="lecun_uniform")
    
    # join the two encodings
    self.concat = layers.Concatenate(axis=1)
    
    # dense head over the vocabulary
    self.hidden_fc = layers.Dense(conf.VOCAB_SIZE // 2, activation="relu")
    #self.bn = layers.BatchNormalization()
    self.vocab_fc = layers.Dense(conf.VOCAB_SIZE, activation="softmax")
    
    self.compile(
        loss="categorical_crossentropy", 
        optimizer=optimizers.Adam(lr=conf.LR),
        metrics=["accuracy"]
    )

    if weights_path != None:
        self.predict([np.zeros((1, conf.SEQ_LEN)), np.zeros((1, conf.SEQ_LEN))])
        self.load_weights(weights_path)


  def call(self, inputs):
    h_context = self.context_embed(inputs[0])
    h_context = self.context_lstm(h_context)

    h_answer = self.answer_embed(inputs[1])
    h_answer = self.answer_lstm(h_answer)

    joined = self.concat([h_context, h_answer])
    scores = self.hidden_fc(joined)
    #scores = self.bn(scores)
    scores = self.vocab_fc(scores)

    return scores
