from keras.models import Sequential
from keras.layers import Conv2D, Flatten, MaxPooling2D, Dense 
import pickle 

pet_features = pickle.load(open('features.pkl', 'rb')) 
pet_labels = pickle.load(open('labels.pkl', 'rb'))

pet_features = pet_features / 255 # scale pixels into [0, 1]
pet_features = pet_features.reshape(-1, 250, 250, 1)

cnn_model = Sequential()

cnn_model.add(Conv2D(64, (3, 3), activation='relu'))
cnn_model.add(MaxPooling2D((2,2)))

cnn_model.add(Conv2D(64, (3, 3), activation='relu'))
cnn_model.add(MaxPooling2D((2,2)))

cnn_model.add(Flatten())

cnn_model.add(Dense(128, input_shape = pet_features[1:], activation='relu'))

cnn_model.add(Dense(2, activation='softmax'))

cnn_model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')

cnn_model.fit(pet_features, pet_labels, epochs=10, validation_split=0.1)
