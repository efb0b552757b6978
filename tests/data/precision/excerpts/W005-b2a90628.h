        const unsigned int umin = Q(0);
        if (umin==ending_node) sizeQ = 0;
