from tensorflow import keras
from keras.models import Sequential
from keras.layers import Dense, Dropout, BatchNormalization, Activation, GlobalAveragePooling2D
from keras.optimizers import Adam, SGD
from keras.applications import EfficientNetB0, EfficientNetB1
from keras import backend
from flows import fit_flow, check_flow
import matplotlib.pyplot as plt


def fit_one(lr, opt_name, n_epochs, tag=str()):
    backbone = EfficientNetB1(include_top=False, weights='imagenet', input_shape=(240, 240, 3))
    backbone.trainable = False
    
    net = Sequential()
    net.add(backbone)
    net.add(GlobalAveragePooling2D())
    net.add(Dropout(0.2))
    net.add(Dense(3, activation='softmax'))

    net.summary()
    if opt_name == 'adam':
        opt_name = Adam(learning_rate=lr)
    elif opt_name == 'sgd':
        opt_name = SGD(learning_rate=lr, momentum=0.9, nesterov=True)
    net.compile(optimizer=opt_name, loss='categorical_crossentropy', metrics=['accuracy'])

    log = net.fit(
        fit_flow,
        epochs=n_epochs,
        validation_data=check_flow,
    )
    
    fit_acc = log.history['accuracy']
    check_acc = log.history['val_accuracy']
    fit_loss = log.history['loss']
    check_loss = log.history['val_loss']
    net.save(f'bcd_effnet_{tag}_b1.h5')
    
    return fit_acc, check_acc, fit_loss, check_loss

finals = []

presets = {
    'adam_frozen': (0.001, 'adam', 50),
    #'sgd': (2, 0.005, 'sgd', 50, True),
    #'third': (3, 0.0001, 'adam', 50, True),
}

for tag, args in presets.items():
    backend.clear_session()
    fit_acc , check_acc, fit_loss , check_loss = fit_one(*args, tag)
    finals.append((check_acc[-1], tag))
    
    plt.plot(check_acc, label=f'{tag} - A({args[0]}) B({args[1]}) C({args[2]}) {args[3]}')
    
    fig, axs = plt.subplots(2, 1, figsize=(20, 20))

    # top: accuracy
    axs[0].plot(fit_acc, label='fit accuracy')
    axs[0].plot(check_acc, label='check accuracy')
    axs[0].set_title(f'{tag} - A({args[0]}) B({args[1]}) C({args[2]}) {args[3]}')
    axs[0].set_ylabel('accuracy')
    axs[0].set_xlabel('epoch')
    axs[0].legend()
    
    # bottom: loss
    axs[1].plot(fit_loss, label='fit loss')
    axs[1].plot(check_loss, label='check loss')
    axs[1].set_title(f'{tag} - A({args[0]}) B({args[1]}) C({args[2]}) {args[3]}')
    axs[1].set_ylabel('loss')
    axs[1].set_xlabel('epoch')
    axs[1].legend()
    
    plt.tight_layout()
    plt.savefig(f'bcd_effnet_b1_{tag}.png')
    
finals.sort(reverse=True)
for f in finals:
    print(f'preset {f[1]}: last check accuracy {f[0]}')

