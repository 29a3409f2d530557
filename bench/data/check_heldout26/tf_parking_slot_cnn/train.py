from lib import *
from model import *
from load_data import *
from normalize import *
from splitdata import *
# read the slot crops
images=[]
slot_labels=[]
IMG_SIZE=48
EMPTY_DIR='data/empty'
OCCUPIED_DIR='data/occupied'

# empty slots
read_slot_images(images,slot_labels,'Free',EMPTY_DIR,IMG_SIZE)
print(len(images))
# occupied slots
read_slot_images(images,slot_labels,'Full',OCCUPIED_DIR,IMG_SIZE)
print(len(images))

# show a few samples
fig,axes=plt.subplots(5,2)
fig.set_size_inches(15,15)
for i in range(5):
    for j in range (2):
        pick=rn.randint(0,len(slot_labels))
        axes[i,j].imshow(images[pick])
        axes[i,j].set_title('Slot: '+slot_labels[pick])
        
plt.tight_layout()
plt.show()

# scale the images and one-hot the labels
encoder=LabelEncoder()
Y=encoder.fit_transform(slot_labels)
Y=to_categorical(Y,2)
X=np.array(images)
X=X/255.0

# print(Y)
# hold out a test part
train_X,test_X,train_y,test_y = split_train_test(X,Y,test_size = 0.25)
print(train_X.shape)

# fitting settings
batch_size=128
epochs=50

lr_drop= ReduceLROnPlateau(monitor='val_acc',patience=3,verbose=1,factor=0.1)
# random augmentation of the training crops
augmenter = ImageDataGenerator(
        featurewise_center=False,  # no dataset-wide centring
        samplewise_center=False,  # no per-image centring
        featurewise_std_normalization=False,  # no dataset-wide scaling
        samplewise_std_normalization=False,  # no per-image scaling
        zca_whitening=False,  # no whitening
        rotation_range=10,  # small rotations
        zoom_range = 0.1, # small zoom
        width_shift_range=0.2,  # horizontal shift as a share of width
        height_shift_range=0.2,  # vertical shift as a share of height
        horizontal_flip=True,  # mirror left-right
        vertical_flip=False)  # never upside down


augmenter.fit(train_X)

model = build_model()
model.compile(optimizer=Adam(lr=0.001),loss='categorical_crossentropy',metrics=['accuracy'])
model.summary()

# fit
save_cb = ModelCheckpoint('final.h5', verbose=0, 
                                save_weights_only=True, save_freq='epoch')
fit_log = model.fit_generator(augmenter.flow(train_X,train_y, batch_size=batch_size),
                              epochs = epochs, validation_data = (test_X,test_y),
                              verbose = 1, steps_per_epoch=train_X.shape[0] // batch_size,callbacks=[lr_drop,save_cb])

model.save('parkingcar.h5')



# scores
print(model.evaluate(train_X,train_y))
print(model.evaluate(test_X,test_y))
# curves
plt.subplot(1,2,1)
plt.plot(fit_log.history['loss'])
plt.plot(fit_log.history['val_loss'])
plt.title('loss')
plt.ylabel('loss')
plt.xlabel('epoch')
plt.legend(['train', 'test'])
plt.subplot(1,2,2)
plt.plot(fit_log.history['accuracy'])
plt.plot(fit_log.history['val_accuracy'])
plt.title('accuracy')
plt.ylabel('accuracy')
plt.xlabel('epoch')
plt.legend(['train', 'test'])
plt.show()

# predictions on the held-out part
pred_probs=model.predict(test_X)
pred_ids=np.argmax(pred_probs,axis=1)
# collect right and wrong examples
i=0
right_idx=[]
wrong_idx=[]
for i in range(len(test_y)):
    if(np.argmax(test_y[i])==pred_ids[i]):
        right_idx.append(i)
    if(len(right_idx)==8):
        break

i=0
for i in range(len(test_y)):
    if(not np.argmax(test_y[i])==pred_ids[i]):
        wrong_idx.append(i)
    if(len(wrong_idx)==8):
        break

# show correctly classified crops

warnings.filterwarnings('always')
warnings.filterwarnings('ignore')

shown=0
fig,axes=plt.subplots(4,2)
fig.set_size_inches(15,15)
for i in range (4):
    for j in range (2):
        axes[i,j].imshow(test_X[right_idx[shown]])
        axes[i,j].set_title("predicted: "+str(encoder.inverse_transform([pred_ids[right_idx[shown]]]))+"\n"+"true: "+str(encoder.inverse_transform([np.argmax([test_y[right_idx[shown]]])])))
        plt.tight_layout()
        shown+=1

# show a misclassified crop

warnings.filterwarnings('always')
warnings.filterwarnings('ignore')

shown=0
fig,axes=plt.subplots()
# fig.set_size_inches()

axes.imshow(test_X[wrong_idx[shown]])
axes.set_title("predicted: "+str(encoder.inverse_transform([pred_ids[wrong_idx[shown]]]))+"\n"+"true: "+str(encoder.inverse_transform([np.argmax([test_y[wrong_idx[shown]]])])))
plt.tight_layout()
plt.show()
shown+=1
print("wrong predictions shown: ",shown)