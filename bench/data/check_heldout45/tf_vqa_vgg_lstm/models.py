from keras.models import Sequential
from keras.layers import Dense, Activation, Dropout, LSTM, Flatten, Embedding, Merge
from keras.layers.convolutional import Convolution2D, MaxPooling2D, ZeroPadding2D
import h5py

def question_branch(glove_weights, vocab_count, glove_dim, question_len, drop_p):
    print("Building the question branch...")
    branch = Sequential()
    branch.add(Embedding(vocab_count, glove_dim, 
        weights=[glove_weights], input_length=question_len, trainable=False))
    branch.add(LSTM(units=512, return_sequences=True, input_shape=(question_len, glove_dim)))
    branch.add(Dropout(drop_p))
    branch.add(LSTM(units=512, return_sequences=False))
    branch.add(Dropout(drop_p))
    branch.add(Dense(1024, activation='tanh'))
    return branch

def picture_branch(drop_p):
    print("Building the picture branch...")
    branch = Sequential()
    branch.add(Dense(1024, input_dim=4096, activation='tanh'))
    return branch

def build_answerer(glove_weights, vocab_count, glove_dim, question_len, drop_p, answer_count):
    pic_net = picture_branch(drop_p)
    q_net = question_branch(glove_weights, vocab_count, glove_dim, question_len, drop_p)
    print("Joining both branches...")
    head = Sequential()
    head.add(Merge([pic_net, q_net], mode='mul'))
    head.add(Dropout(drop_p))
    head.add(Dense(1000, activation='tanh'))
    head.add(Dropout(drop_p))
    head.add(Dense(answer_count, activation='softmax'))
    head.compile(optimizer='rmsprop', loss='categorical_crossentropy',
        metrics=['accuracy'])
    return head
