def split_and_scale(bird_data, bird_labels, test_frac, split_seed):
    train_X, test_X, train_y, test_y = train_test_split(bird_data, bird_labels, test_size=test_frac, random_state=split_seed)

    train_X = np.array(train_X) / 255.0
    test_X = np.array(test_X) / 255.0
    train_y = np.array(train_y)
    test_y = np.array(test_y)
    train_y, test_y = np_utils.to_categorical(train_y), np_utils.to_categorical(test_y)

    return train_X, test_X, train_y, test_y
    # class 0 in train_y: 397 images (27.6%)
    # class 1: 365 (30%)
    # class 2: 334 (32.8%)
