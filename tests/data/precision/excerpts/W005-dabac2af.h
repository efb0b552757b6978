        const unsigned int umin = Q(0);
