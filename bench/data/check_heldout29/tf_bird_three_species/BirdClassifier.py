import dependencies

extract_zip("test.zip")
bird_data, bird_labels = list_bird_files()
bird_data = read_bird_images(bird_data)
train_X, test_X, train_y, test_y = split_and_scale(bird_data, bird_labels, 0.3, 42)

# plain CNN
small_cnn.compile(optimizer='adam',
              loss='categorical_crossentropy',
              metrics=['accuracy'])

small_cnn.summary()
# wide_cnn.compile(optimizer='sgd',
#               loss='categorical_crossentropy',
#               metrics=['accuracy'])
#
# wide_cnn.summary()

# fit the plain CNN
small_cnn_history = small_cnn.fit(train_X, train_y, epochs=30,
                        batch_size=32, validation_data=(test_X, test_y))
# wide_cnn_history = wide_cnn.fit(train_X, train_y, epochs=30,
                            #`batch_size=32, validation_data=(test_X, test_y))

# curves for the plain CNN
plot_loss_curve(small_cnn_history)
plot_acc_curve(small_cnn_history)
# plot_loss_curve(wide_cnn_history)
# plot_acc_curve(wide_cnn_history)

"""# ResNet-50 head"""
resnet_clf.compile(optimizer = optimizers.Adam(0.001),
              loss='categorical_crossentropy',
              metrics=['accuracy'])

resnet_clf.summary()

resnet_clf_history = resnet_clf.fit(train_X, train_y, epochs=10,
                            batch_size=64, validation_data=(test_X, test_y))

# curves for the ResNet

plot_loss_curve(resnet_clf_history)
plot_acc_curve(resnet_clf_history)

# preds = resnet_clf.predict(test_X)
#
# preds.shape
#
# preds[0]
